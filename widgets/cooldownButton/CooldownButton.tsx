import { useContext, useMemo, useState } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PageContext, fillTemplate, resolveValue, useAction, type WidgetProps } from '../../engine';
import { formatMinutesSeconds, useStoredCooldown } from './cooldown';
import type { CooldownButtonConfig } from './config.generated';

// An action that may not be repeated for a while (resend a password-change email, a verification
// code): intro copy, numbered steps, and a button that runs the action, then stays locked for
// `cooldownSeconds` ('Try again in m:ss'), across reloads, with a success banner meanwhile.

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  steps: { margin: 0, paddingLeft: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  banner: { alignSelf: 'stretch' },
});

export default function CooldownButton({ config }: WidgetProps<CooldownButtonConfig>) {
  const styles = useStyles();
  const page = useContext(PageContext);
  const action = useAction(config.action);
  const { remaining, start } = useStoredCooldown(config.storageKey);
  const [sent, setSent] = useState(false);

  // {name} placeholders from values; an empty value reads as its fallback copy
  const values = useMemo(() => {
    const raw = resolveValue<Record<string, unknown>>(config.values ?? {}, page?.bindings ?? {}) ?? {};
    const out: Record<string, unknown> = { ...raw };
    for (const [name, fallback] of Object.entries(config.fallbacks ?? {})) {
      if (out[name] === undefined || out[name] === null || out[name] === '') out[name] = fallback;
    }
    return out;
  }, [config.values, config.fallbacks, page?.bindings]);
  const fill = (text: string) => fillTemplate(text, values);

  const time = formatMinutesSeconds(remaining);
  const cooling = remaining > 0;
  const label = action.busy ? config.busyLabel : cooling ? fillTemplate(config.cooldownLabel, { time }) : config.label;

  const onClick = async () => {
    if (cooling || action.busy) return;
    setSent(false);
    const ok = await action.run({});
    if (ok) {
      setSent(true);
      start(config.cooldownSeconds);
    }
  };

  return (
    <div className={styles.root}>
      {config.intro && <Text as="p" style={{ margin: 0 }}>{fill(config.intro)}</Text>}
      {config.steps && (
        <ol className={styles.steps}>
          {config.steps.map((step) => (
            <li key={step}>
              <Text>{fill(step)}</Text>
            </li>
          ))}
        </ol>
      )}
      {sent && cooling && (
        <MessageBar intent="success" className={styles.banner} data-testid="cooldown-success">
          <MessageBarBody>
            {config.success}
            {config.successNote && <> {fillTemplate(config.successNote, { time })}</>}
          </MessageBarBody>
        </MessageBar>
      )}
      {action.error && (
        <MessageBar intent="error" className={styles.banner} role="alert">
          <MessageBarBody>{action.error}</MessageBarBody>
        </MessageBar>
      )}
      <Button
        appearance={config.appearance ?? 'primary'}
        disabled={cooling || action.busy}
        icon={action.busy ? <Spinner size="tiny" /> : undefined}
        onClick={() => void onClick()}
      >
        {label}
      </Button>
    </div>
  );
}
