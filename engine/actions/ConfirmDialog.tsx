import { useEffect, useId, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Link, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import type { ConfirmSpec } from './types';

/** Whether the typed text allows confirming: exactly the word (case and spaces count), or no word asked. */
export function typedConfirmMatches(word: string | undefined, typed: string): boolean {
  return word === undefined || typed === word;
}

/** The confirmation of an action; it cannot be dismissed while the action runs. With
 * `typeToConfirm` the confirm button stays disabled until that exact text is typed (deleting an
 * account or a brand). Closing clears the typed text (the error is the action's, reset by the trigger). */
export function ConfirmDialog({ spec, open, busy, error, onConfirm, onCancel, text }: {
  spec: ConfirmSpec;
  open: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  text: (s: string | undefined) => string;
}) {
  const [typed, setTyped] = useState('');
  // the busy buttons were disabled, which drops focus to the page: after a failure it returns to
  // the dialog (the text field, else the confirm button) so keyboard users can retry or cancel
  const inputRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open && error && !busy) (inputRef.current ?? confirmRef.current)?.focus();
  }, [open, error, busy]);
  // every opening starts with an empty field
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const inputId = useId();
  const word = spec.typeToConfirm;
  const allowed = typedConfirmMatches(word, typed);
  const cancel = () => {
    setTyped('');
    onCancel();
  };
  const confirm = () => {
    if (allowed && !busy) onConfirm();
  };
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => { if (!d.open && !busy) cancel(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{text(spec.title)}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {spec.message && <p style={{ margin: 0 }}>{text(spec.message)}</p>}
            {word !== undefined && (
              <Field label={(spec.typeToConfirmLabel ?? 'Type {word} to confirm').replace('{word}', word)}>
                <Input
                  id={inputId}
                  ref={inputRef}
                  value={typed}
                  disabled={busy}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="type-to-confirm"
                  onChange={(_, d) => setTyped(d.value)}
                  onKeyDown={(e) => { if (e.key === 'Enter') confirm(); }}
                />
              </Field>
            )}
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>
                  {error}
                  {spec.errorHelp && <Text as="p" block size={200} style={{ margin: '4px 0 0' }}>{text(spec.errorHelp)}</Text>}
                  {spec.errorLink && (
                    <Link href={spec.errorLink.href} target={spec.errorLink.href.startsWith('http') ? '_blank' : undefined} rel="noreferrer">
                      {text(spec.errorLink.label)}
                    </Link>
                  )}
                </MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={cancel}>{spec.cancelLabel ?? 'Cancel'}</Button>
            <Button ref={confirmRef} appearance="primary" disabled={busy || !allowed} onClick={confirm} icon={busy ? <Spinner size="tiny" /> : undefined}>
              {text(spec.confirmLabel ?? 'Confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
