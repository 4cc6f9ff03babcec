import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CameraRegular } from '@fluentui/react-icons';
import { useSWRConfig } from 'swr';
import { formatValue, getPath, useEngineHost, type FormatSpec, type WidgetProps, useTemplate } from '../../engine';
import { badgeFor } from '../shared/columns';
import { acceptsFile } from './accept';
import type { ImageUploadConfig } from './config.generated';

// A record's picture and a file upload for it, with the record's name, a caption, a badge and a
// list of facts. The chosen file is checked against `accept` before anything is sent, shown at
// once as a preview, sent as multipart form data, then the named calls are refetched and the
// session reloaded (so a top bar avatar follows); a failure puts the old picture back.

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  identity: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flex: '1 1 160px' },
  name: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  caption: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  upload: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, alignItems: 'flex-start' },
  error: { color: tokens.colorPaletteRedForeground1 },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  details: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightRegular, userSelect: 'all' },
  hidden: { display: 'none' },
});

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const uploadErrorStatus = (error: unknown) => (error && typeof error === 'object' && 'status' in error ? String((error as { status: unknown }).status) : '');
const uploadErrorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : '');

export default function ImageUpload({ id, config, data }: WidgetProps<ImageUploadConfig>) {
  const styles = useStyles();
  const fill = useTemplate(config);
  const host = useEngineHost();
  const { mutate } = useSWRConfig();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const { upload } = config;

  // the preview's object URL is released once it is replaced or the widget goes away
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const stored = text(getPath(data, config.image.field)) || null;
  const name = text(getPath(data, config.name.field));
  const caption = config.caption ? text(getPath(data, config.caption.field)) : '';
  const badgeValue = config.badge ? text(getPath(data, config.badge.field)) : '';
  const badge = config.badge && (badgeValue ? `${config.badge.prefix ?? ''}${badgeValue}${config.badge.suffix ?? ''}` : config.badge.fallback);

  const send = async (file: File) => {
    setMessage(null);
    if (!acceptsFile(upload.accept ?? 'image/*', file)) {
      setMessage({ kind: 'error', text: fill(upload.rejectMessage ?? 'This file type is not accepted.') });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    try {
      const body = new FormData();
      body.append(upload.fileField, file, file.name);
      await host.api(upload.call, { body });
      const calls = upload.revalidate ?? [];
      // same key shape as the engine's data requests: [callId, request]
      if (calls.length) await mutate((key) => Array.isArray(key) && calls.includes(key[0] as string));
      if (upload.refreshSession) await host.scope.refresh().catch(() => null);
      if (upload.success) setMessage({ kind: 'ok', text: fill(upload.success) });
    } catch (error) {
      setPreview(null);
      const status = uploadErrorStatus(error);
      host.reportError(error, { widget: id, call: upload.call });
      setMessage({ kind: 'error', text: upload.errors?.[status] ?? upload.errors?.default ?? (uploadErrorMessage(error) || 'Upload failed. Please try again.') });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={styles.root}>
      <div className={styles.identity}>
        <Avatar size={72} name={name} image={preview ?? stored ? { src: preview ?? stored ?? undefined, alt: '' } : undefined} color="colorful" data-testid="upload-avatar" />
        <div className={styles.who}>
          <h2 className={styles.name}>{name}</h2>
          {caption && <Text className={styles.caption}>{caption}</Text>}
          {badge && (
            <span>
              <Badge appearance="filled" color={config.badge?.color ?? 'brand'} data-testid="upload-badge">{badge}</Badge>
            </span>
          )}
        </div>
        <div className={styles.upload}>
          <input
            ref={input}
            id={`${id}-file`}
            className={styles.hidden}
            type="file"
            accept={upload.accept ?? 'image/*'}
            data-testid="upload-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void send(file);
            }}
          />
          <Button icon={busy ? <Spinner size="tiny" /> : <CameraRegular />} disabled={busy} onClick={() => input.current?.click()}>
            {fill(busy && upload.busyLabel ? upload.busyLabel : upload.label)}
          </Button>
          {message && (
            <Text role={message.kind === 'error' ? 'alert' : 'status'} size={200} className={message.kind === 'error' ? styles.error : styles.ok}>
              {message.text}
            </Text>
          )}
        </div>
      </div>
      {config.details && config.details.length > 0 && (
        <dl className={styles.details}>
          {config.details.map((d) => {
            const raw = getPath(data, d.field);
            const empty = raw === null || raw === undefined || raw === '';
            let shown: ReactNode;
            if (d.badge) {
              const b = badgeFor(d.badge, raw);
              shown = <Badge appearance="tint" color={b.color ?? 'informative'}>{fill(b.label)}</Badge>;
            } else if (empty) shown = d.fallback ? fill(d.fallback) : formatValue(raw, d.format as FormatSpec | undefined);
            else shown = d.format ? formatValue(raw, d.format as FormatSpec) : String(raw);
            return (
              <div key={d.field + d.label} style={{ display: 'contents' }}>
                <dt className={styles.term}>{fill(d.label)}</dt>
                <dd className={d.copyable ? `${styles.value} ${styles.mono}` : styles.value} data-field={d.field}>{shown}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </div>
  );
}
