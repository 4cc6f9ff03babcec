import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody, ProgressBar, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';
import { PageContext, fillTemplate, getPath, resolveBindings, useActionScope, useEngineHost, type WidgetProps } from '../../engine';
import { Checklist } from './Checklist';
import { ChoiceField, ConsentField, SelectField, TextField, type FieldProps } from './Fields';
import { checklistOptions, itemText, suggestionSource } from './options';
import { cutToQuota, overQuota, quotaOf } from './quota';
import { wizardRow, type Row } from './row';
import { runStepCalls, stepErrorCopy, type StreamProgress } from './runStep';
import type { WizardConfig, WizardField, WizardStep } from './types';
import { useRotatingMessage } from './useRotatingMessage';
import { validateField } from './validation';

// A multi-step form declared in the page: fields with validation copy, the calls each Next runs,
// progress, banners and a success step. Everything product-specific (calls, copy, quota paths)
// comes from the config; on a page Cancel/finish open routes, inside a dialog they close it.

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalXXL, alignItems: 'stretch', width: '100%' },
  banner: {
    flex: '0 0 32%',
    display: 'flex',
    alignItems: 'flex-end',
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundImage: `linear-gradient(160deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorBrandBackground} 100%)`,
    color: tokens.colorNeutralForegroundOnBrand,
    minHeight: '420px',
    '@media (max-width: 767px)': { display: 'none' },
  },
  bannerText: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightBold, color: tokens.colorNeutralForegroundOnBrand },
  panel: { flex: '1 1 auto', minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px' },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  progressLabel: { color: tokens.colorNeutralForeground3 },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  busy: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  footer: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  spacer: { flexGrow: 1 },
  success: { display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: tokens.spacingVerticalM },
  tick: { fontSize: '56px', color: tokens.colorPaletteGreenForeground1 },
  list: { textAlign: 'left', margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  loading: { padding: tokens.spacingVerticalXXL },
});

const clampStep = (n: number, total: number) => (Number.isInteger(n) && n >= 1 && n <= total ? n : 1);
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

function defaultValues(steps: WizardStep[]): Row {
  const out: Row = {};
  for (const step of steps) for (const f of step.fields ?? []) out[f.name] = f.default ?? (f.input === 'checklist' ? [] : f.input === 'consent' ? false : '');
  return out;
}

/** The step number, in the query parameter when the config names one, else in local state. */
function useStepNumber(param: string | undefined, total: number): [number, (n: number) => void] {
  const [search, setSearch] = useSearchParams();
  const [local, setLocal] = useState(1);
  const current = param ? clampStep(Number(search.get(param) ?? '1'), total) : local;
  const goTo = useCallback(
    (n: number) => {
      const next = clampStep(n, total);
      if (!param) return setLocal(next);
      setSearch((prev) => {
        const p = new URLSearchParams(prev);
        p.set(param, String(next));
        return p;
      });
    },
    [param, total, setSearch],
  );
  return [current, goTo];
}

export default function Wizard({ config }: WidgetProps<WizardConfig>) {
  const styles = useStyles();
  const host = useEngineHost();
  const page = useContext(PageContext);
  const scope = useActionScope();
  const navigate = useNavigate();
  const steps = config.steps;
  const total = steps.length;
  const [stepNumber, goTo] = useStepNumber(config.stepParam, total);
  const step = steps[stepNumber - 1];

  const [values, setValues] = useState<Row>(() => defaultValues(steps));
  const [responses, setResponses] = useState<Row>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [notices, setNotices] = useState<Record<string, string | null>>({});
  const [custom, setCustom] = useState<Record<string, string[]>>({});
  const [locked, setLocked] = useState<string[]>([]);
  const [loading, setLoading] = useState(Boolean(config.initial));
  const [busy, setBusy] = useState(false);
  const [startData, setStartData] = useState<unknown>(undefined);
  const [stepError, setStepError] = useState<string | null>(null);
  const [streamProgress, setStreamProgress] = useState<StreamProgress | null>(null);
  const done = useRef(new Map<string, unknown>());
  const seeded = useRef(new Map<string, unknown>());
  const loadingMessage = useRotatingMessage(config.loadingMessages, busy);
  const user = host.scope.user;

  // Starting values (e.g. saved onboarding progress): a failure is only reported.
  useEffect(() => {
    const initial = config.initial;
    if (!initial) return;
    let live = true;
    const ctx = page?.bindings ?? { user: host.scope.user, brand: host.scope.brand };
    const { value: input } = resolveBindings<Record<string, unknown>>(
      { ...(initial.query ? { query: initial.query } : {}), ...(initial.params ? { params: initial.params } : {}) },
      ctx,
    );
    host
      .api(initial.call, input as never)
      .then((response) => {
        if (!live) return;
        if (initial.redirect && getPath(response, initial.redirect.when) === true) {
          navigate(initial.redirect.to, { replace: true });
          return;
        }
        const fields = new Map(steps.flatMap((s) => s.fields ?? []).map((f) => [f.name, f]));
        setValues((prev) => {
          const next = { ...prev };
          for (const [name, path] of Object.entries(initial.values ?? {})) {
            const v = getPath(response, path);
            if (isEmpty(v)) continue;
            const field = fields.get(name);
            next[name] = field?.input === 'checklist' && Array.isArray(v) ? v.map((i) => itemText(i, field.suggestions?.label)) : v;
          }
          return next;
        });
        if (initial.lock && initial.lock.whenAll.every((p) => !isEmpty(getPath(response, p)))) setLocked(initial.lock.fields);
        setResponses((prev) => ({ ...prev, [initial.saveAs]: response }));
        setStartData(response);
      })
      .catch((error) => host.reportError(error, { widget: 'wizard', call: initial.call }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // once, when the wizard opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (startData !== undefined) enter(stepNumber, responses, values);
    // once the starting data is in
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startData]);

  // The step's document title; after the page's own (its effect runs after this one on mount).
  useEffect(() => {
    const title = step?.pageTitle;
    if (!title || typeof document === 'undefined') return;
    let live = true;
    void Promise.resolve().then(() => {
      if (live) document.title = title;
    });
    return () => {
      live = false;
    };
  }, [step?.pageTitle]);

  // A checklist's suggestions arriving (a call's response) tick the first few, cut to the quota;
  // a list from the starting data keeps what was saved. Done as the step is entered, in the same
  // update, so Next can never see the list without its preselection.
  const seed = (target: WizardStep | undefined, allResponses: Row, current: Row): { values: Row; notices: Record<string, string | null> } => {
    const nextValues = { ...current };
    const found: Record<string, string | null> = {};
    for (const field of target?.fields ?? []) {
      if (field.input !== 'checklist' || !field.suggestions) continue;
      const source = suggestionSource(field, allResponses);
      if (!source || seeded.current.get(field.name) === source.list) continue;
      seeded.current.set(field.name, source.list);
      const fromStart = config.initial && source.path.startsWith(`${config.initial.saveAs}.`);
      if (fromStart && !isEmpty(current[field.name])) continue;
      const first = source.list.slice(0, field.suggestions.preselect ?? 0).map((i) => itemText(i, field.suggestions?.label));
      const cut = cutToQuota(first, quotaOf(user, field.quota), field.quota);
      nextValues[field.name] = cut.selected;
      found[field.name] = cut.notice;
    }
    return { values: nextValues, notices: found };
  };
  const enter = (n: number, allResponses: Row, current: Row) => {
    const { values: seededValues, notices: found } = seed(steps[n - 1], allResponses, current);
    setValues(seededValues);
    setNotices((prev) => ({ ...prev, ...found }));
    setErrors((prev) => ({ ...prev, ...Object.fromEntries(Object.keys(found).map((k) => [k, null])) }));
  };

  const row = useMemo(() => wizardRow(values, responses), [values, responses]);

  const check = (field: WizardField, value: unknown): string | null =>
    validateField(field, value) ?? (field.input === 'checklist' ? overQuota(Array.isArray(value) ? (value as string[]) : [], quotaOf(user, field.quota), field.quota) : null);

  const change = (field: WizardField, value: unknown) => {
    setValues((prev) => ({ ...prev, [field.name]: value }));
    // text validates once touched (blurred); a tick or a choice touches the field at once
    const touches = field.input !== 'text' && field.input !== 'url';
    if (touches) setTouched((prev) => ({ ...prev, [field.name]: true }));
    if (touches || touched[field.name]) setErrors((prev) => ({ ...prev, [field.name]: check(field, value) }));
  };

  const blur = (field: WizardField) => {
    setTouched((prev) => ({ ...prev, [field.name]: true }));
    setErrors((prev) => ({ ...prev, [field.name]: check(field, values[field.name]) }));
  };

  const finish = () => {
    if (scope.close) scope.close();
    else if (config.finish) navigate(config.finish);
  };
  const cancel = () => {
    if (scope.close) scope.close();
    else if (config.cancel) navigate(config.cancel);
  };
  const previous = () => {
    setStepError(null);
    goTo(Math.max(1, stepNumber - 1));
  };

  const next = async () => {
    if (!step || busy) return;
    if (step.success) return finish();
    const found: Record<string, string | null> = {};
    for (const field of step.fields ?? []) found[field.name] = check(field, values[field.name]);
    setErrors((prev) => ({ ...prev, ...found }));
    setTouched((prev) => ({ ...prev, ...Object.fromEntries((step.fields ?? []).map((f) => [f.name, true])) }));
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setStepError(null);
    setStreamProgress(null);
    scope.setBusy?.(true);
    try {
      const saved = await runStepCalls(step, {
        host,
        ctx: page?.bindings ?? { user: host.scope.user, brand: host.scope.brand },
        values,
        responses,
        done: done.current,
        onProgress: setStreamProgress,
      });
      const allResponses = { ...responses, ...saved };
      setResponses(allResponses);
      if (step.refreshSession) await host.scope.refresh().catch(() => null);
      setBusy(false);
      scope.setBusy?.(false);
      if (step.navigate) navigate(step.navigate);
      else if (stepNumber < total) {
        enter(stepNumber + 1, allResponses, values);
        goTo(stepNumber + 1);
      } else finish();
    } catch (error) {
      setStepError(stepErrorCopy(step.errors, error));
      setBusy(false);
      scope.setBusy?.(false);
    }
  };

  const renderField = (field: WizardField) => {
    const disabled = busy || locked.includes(field.name);
    const error = touched[field.name] ? errors[field.name] ?? null : null;
    if (field.input === 'checklist') {
      const source = suggestionSource(field, responses);
      const selected = Array.isArray(values[field.name]) ? (values[field.name] as string[]) : [];
      const quota = quotaOf(user, field.quota);
      const options = checklistOptions(field, source?.list ?? null, [...(custom[field.name] ?? []), ...selected]);
      return (
        <Checklist
          key={field.name}
          field={field}
          options={options}
          selected={selected}
          slots={quota ? quota.slots : null}
          notice={notices[field.name] ?? null}
          error={error}
          disabled={disabled}
          onToggle={(label, checked) => {
            if (checked && quota && selected.length >= quota.slots) return;
            change(field, checked ? [...selected, label] : selected.filter((s) => s !== label));
          }}
          onAdd={(text) => {
            const entry = text.trim();
            const blank = field.addNew?.blank ?? 'ignore';
            if (!entry && blank === 'ignore') return null;
            if (!entry && blank === 'error') return field.addNew?.blankMessage ?? 'A name is required';
            if (quota && quota.slots === 0) return null;
            setCustom((prev) => ({ ...prev, [field.name]: [...(prev[field.name] ?? []).filter((c) => c !== entry), entry] }));
            if (!selected.includes(entry) && (!quota || selected.length < quota.slots)) change(field, [...selected, entry]);
            return null;
          }}
        />
      );
    }
    const props: FieldProps = { field, value: values[field.name], error, disabled, onChange: (v) => change(field, v), onBlur: () => blur(field) };
    switch (field.input) {
      case 'select':
        return <SelectField key={field.name} {...props} />;
      case 'choice':
        return <ChoiceField key={field.name} {...props} />;
      case 'consent':
        return <ConsentField key={field.name} {...props} />;
      default:
        return <TextField key={field.name} {...props} />;
    }
  };

  if (!step) return null;
  if (loading) {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading..." />
      </div>
    );
  }

  const progressLabel = config.progress === 'counter' ? `Step ${stepNumber} of ${total}` : `${stepNumber} / ${total}`;
  const headingId = `wizard-step-${step.id}`;
  return (
    <div className={styles.root}>
      {step.banner && (
        <aside className={styles.banner} aria-hidden="true" data-testid="wizard-banner">
          <span className={styles.bannerText}>{step.banner}</span>
        </aside>
      )}
      <section className={styles.panel} aria-labelledby={headingId} aria-busy={busy}>
        <div className={styles.progress}>
          <Text size={200} weight="semibold" className={styles.progressLabel} data-testid="wizard-progress">
            {progressLabel}
          </Text>
          {config.progress === 'counter' && <ProgressBar value={stepNumber / total} max={1} thickness="large" aria-label={progressLabel} />}
        </div>
        {step.success ? (
          <div className={styles.success}>
            <CheckmarkCircleFilled className={styles.tick} aria-hidden="true" />
            <Text as="h2" id={headingId} size={600} weight="semibold">
              {step.success.heading}
            </Text>
            {step.success.message && <Text size={400}>{fillTemplate(step.success.message, row)}</Text>}
            {step.success.note && <Text>{step.success.note}</Text>}
            {step.success.list && (
              <div>
                {step.success.listTitle && <Text weight="semibold">{step.success.listTitle}</Text>}
                <ul className={styles.list}>
                  {step.success.list.map((item) => (
                    <li key={item}>
                      <Text>{item}</Text>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        ) : (
          <>
            <div className={styles.heading}>
              <Text as="h2" id={headingId} size={600} weight="semibold">
                {step.title}
              </Text>
              {step.description && <Text className={styles.progressLabel}>{fillTemplate(step.description, row)}</Text>}
            </div>
            <div className={styles.fields}>{(step.fields ?? []).map(renderField)}</div>
          </>
        )}
        {busy && (
          <div className={styles.busy} role="status">
            {streamProgress ? (
              <>
                <Text data-testid="wizard-stream-progress">{streamProgress.label}</Text>
                <ProgressBar value={streamProgress.total > 0 ? streamProgress.completed / streamProgress.total : 0} max={1} aria-label={streamProgress.label} />
              </>
            ) : (
              <Spinner size="small" label={loadingMessage ?? 'Working...'} labelPosition="after" />
            )}
          </div>
        )}
        {stepError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{stepError}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.footer}>
          {!step.success && (scope.close || config.cancel) && (
            <Button appearance="subtle" disabled={busy} onClick={cancel}>
              Cancel
            </Button>
          )}
          <span className={styles.spacer} />
          {!step.success && (
            <Button appearance="secondary" disabled={busy || stepNumber === 1} onClick={previous}>
              Previous
            </Button>
          )}
          <Button appearance="primary" disabled={busy} onClick={() => void next()} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {step.nextLabel ?? 'Next Step'}
          </Button>
        </div>
      </section>
    </div>
  );
}

