import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissCircleFilled, WarningFilled } from '@fluentui/react-icons';
import { getPath, matches, useEngineHost, type Condition, type WidgetProps } from '../../engine';
import type { StatusPanelConfig } from './config.generated';
import { useOnceAnswer } from './useOnceAnswer';

type Panel = StatusPanelConfig['pending'];

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    maxWidth: '520px',
    margin: `${tokens.spacingVerticalXXXL} auto`,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    boxSizing: 'border-box',
  },
  icon: { fontSize: '56px', lineHeight: 0 },
  success: { color: tokens.colorPaletteGreenForeground1 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  danger: { color: tokens.colorPaletteRedForeground1 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, fontWeight: tokens.fontWeightSemibold },
  message: { color: tokens.colorNeutralForeground2, textAlign: 'center' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  term: { color: tokens.colorNeutralForeground3, textAlign: 'start' },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, textAlign: 'end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', justifyContent: 'center' },
  note: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

function ToneIcon({ tone }: { tone: Panel['tone'] }) {
  const s = useStyles();
  if (tone === 'progress') return <Spinner size="extra-large" aria-hidden="true" />;
  const [Icon, cls] = tone === 'success' ? [CheckmarkCircleFilled, s.success] : tone === 'warning' ? [WarningFilled, s.warning] : [DismissCircleFilled, s.danger];
  return (
    <span className={`${s.icon} ${cls}`} aria-hidden="true">
      <Icon />
    </span>
  );
}

function messageOf(panel: Panel, answer: unknown): string | undefined {
  const fromAnswer = panel.messageField ? getPath(answer, panel.messageField) : undefined;
  return typeof fromAnswer === 'string' && fromAnswer.trim() ? fromAnswer : panel.message;
}

/** The panel for the answer: the first outcome whose conditions all hold, else 'otherwise'. */
export function panelFor(config: StatusPanelConfig, answer: unknown): Panel {
  const record = (answer && typeof answer === 'object' ? answer : {}) as Record<string, unknown>;
  const hit = (config.outcomes ?? []).find((o) => (o.when as Condition[]).every((c) => matches(record, c)));
  return hit ? hit.panel : config.otherwise;
}

function PanelView({ panel, answer }: { panel: Panel; answer?: unknown }) {
  const s = useStyles();
  const navigate = useNavigate();
  const message = messageOf(panel, answer);
  const busy = panel.tone === 'progress';
  return (
    <section className={s.card} role={busy ? 'status' : panel.tone === 'danger' ? 'alert' : 'status'} aria-busy={busy || undefined} data-tone={panel.tone}>
      <ToneIcon tone={panel.tone} />
      <h1 className={s.title}>{panel.title}</h1>
      {message && <Text className={s.message}>{message}</Text>}
      {panel.facts && panel.facts.length > 0 && (
        <dl className={s.facts}>
          {panel.facts.map((f) => {
            const raw = getPath(answer, f.field);
            const text = raw === null || raw === undefined ? '—' : (f.map?.[String(raw)] ?? String(raw));
            return (
              <div key={f.field} style={{ display: 'contents' }}>
                <dt className={s.term}>{f.label}</dt>
                <dd className={s.value} data-testid={`fact-${f.field}`}>{text}</dd>
              </div>
            );
          })}
        </dl>
      )}
      {panel.actions && panel.actions.length > 0 && (
        <div className={s.actions}>
          {panel.actions.map((a) =>
            a.to ? (
              <Button key={a.label} appearance={a.appearance ?? 'secondary'} onClick={() => navigate(a.to!)}>
                {a.label}
              </Button>
            ) : (
              <Button key={a.label} as="a" href={a.href} appearance={a.appearance ?? 'secondary'}>
                {a.label}
              </Button>
            ),
          )}
        </div>
      )}
      {panel.note && (
        <Text size={200} className={s.note}>
          {panel.note}
        </Text>
      )}
    </section>
  );
}

export default function StatusPanel({ config }: WidgetProps<StatusPanelConfig>) {
  const state = useOnceAnswer(config.call, config.urlQuery ?? []);
  const { scope, reportError } = useEngineHost();
  let panel: Panel;
  let answer: unknown;
  if (state.status === 'missing') panel = config.missing ?? config.error;
  else if (state.status === 'pending') panel = config.pending;
  else if (state.status === 'failed') panel = config.error;
  else {
    answer = state.answer;
    panel = panelFor(config, answer);
  }
  // Reaching a panel that changes the account (a paid checkout) reloads the user once; the
  // panel stands whatever the reload does.
  const refreshed = useRef(false);
  useEffect(() => {
    if (!panel.refreshSession || refreshed.current) return;
    refreshed.current = true;
    scope.refresh().catch((error: unknown) => reportError(error, { where: 'statusPanel refreshSession' }));
  }, [panel, scope, reportError]);
  return <PanelView panel={panel} answer={answer} />;
}
