import { Suspense, useContext, useMemo, useRef, useState, type ComponentType } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEngineHost } from '../host/EngineHostProvider';
import { usePagedWidgetData } from '../data/usePagedWidgetData';
import { ServerPagingContext } from '../data/serverPaging';
import { resolveValue } from '../bindings/resolve';
import { fillTemplate } from '../format/template';
import { formatValue, type FormatSpec } from '../format/numbers';
import { PageContext } from './PageContext';
import { statesFor } from './states';
import { isVisible } from './visibility';
import type { WidgetConfig } from './types';
import { EmptyState, ErrorState, LoadingState } from './WidgetStates';
import { useActionScope } from '../actions/ActionScope';
import { LockedContent } from './LockedContent';
import { useCardStyles } from './cardStyles';
import { WidgetBoundary } from './WidgetBoundary';

const useStyles = makeStyles({
  description: { color: tokens.colorNeutralForeground3 },
  slot: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** Inline widgets a card carries in its header toolbar or footer (a toggle, a link); they stay
 * visible whatever the card's data state so a toggle can lead out of an empty state. */
function Slot({ parentId, name, widgets, className }: { parentId: string; name: string; widgets?: unknown; className: string }) {
  if (!Array.isArray(widgets) || widgets.length === 0) return null;
  return (
    <div className={className}>
      {(widgets as WidgetConfig[]).map((w, i) => (
        <WidgetHost key={i} id={`${parentId}.${name}.${i}`} config={w} />
      ))}
    </div>
  );
}

/** Resolves a widget's `values` map (formatted per its optional `formats` map) and fills
 * {name} placeholders of a copy string. */
export function useTemplate(config: WidgetConfig): (text: string | undefined) => string {
  const page = useContext(PageContext);
  // in a dialog or on a card opened on a row, values may read that row ({"$row": "name"})
  const row = useActionScope().row;
  const values = useMemo(() => {
    const ctx = page?.bindings ?? {};
    const raw = resolveValue<Record<string, unknown>>(config.values ?? {}, row ? { ...ctx, row } : ctx) ?? {};
    const formats = (config.formats ?? {}) as Record<string, FormatSpec>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(raw)) out[k] = formats[k] ? formatValue(v, formats[k]) : v;
    return out;
  }, [config.values, config.formats, page?.bindings, row]);
  return (text) => (text ? fillTemplate(text, values) : '');
}

export function WidgetHost({ id, config }: { id: string; config: WidgetConfig }) {
  const page = useContext(PageContext);
  const ctx = page?.bindings ?? {};
  const styles = useStyles();
  const card = useCardStyles();
  const host = useEngineHost();
  const kind = host.widgets.kind(config.type);
  // Retry after a render failure remounts the widget under a fresh boundary.
  const [attempt, setAttempt] = useState(0);
  // inside a row (a table's row actions) visibleWhen may test the row: {"subject": {"$row": "field"}}
  const scopeRow = useActionScope().row;
  const visible = isVisible(config.visibleWhen, scopeRow ? { ...ctx, row: scopeRow } : ctx);
  // A hidden widget sends no request, nor does a locked one (it shows a placeholder, not data).
  const locked = config.locked === true;
  // inside a dialog opened on a row its widgets' requests may read that row ({"$row": "id"})
  const rowCtx = useMemo(() => (scopeRow && config.data ? { ...page?.bindings, row: scopeRow } : null), [page?.bindings, scopeRow, config.data]);
  // a widget with serverPaging asks for the page it shows (usePagedWidgetData)
  const { data, paging } = usePagedWidgetData(config, visible && !locked, rowCtx ?? ctx);
  const fill = useTemplate(config);
  // The component is chosen once per host and kind (loaded code, or the lazy wrapper), so its
  // element type never changes under a mounted widget.
  const chosen = useRef<{ kind: unknown; component: ComponentType<any> } | null>(null);

  if (!visible) return null;
  if (!kind) {
    return <div role="alert" data-widget-id={id}>Unknown widget type "{config.type}"</div>;
  }
  const pickComponent = (): ComponentType<any> => {
    if (chosen.current?.kind !== kind) chosen.current = { kind, component: kind.loaded?.() ?? kind.component };
    return chosen.current.component;
  };
  const copy = statesFor(config, page?.page);
  const title = fill(config.title);

  const rendersWithoutData = data.status === 'error' && kind.rendersOnError;
  let body;
  if (locked) body = <LockedContent />;
  else if (config.data && data.status !== 'ready' && !(data.status === 'empty' && kind.rendersEmpty) && !rendersWithoutData) {
    if (data.status === 'error') body = <ErrorState copy={copy.error} onRetry={data.retry} message={errorMessage(data.error)} />;
    else if (data.status === 'empty') body = <EmptyState copy={copy.empty} />;
    else body = <LoadingState label={copy.loading} />;
  } else {
    const Component = pickComponent();
    const retry = () => {
      chosen.current = null;
      setAttempt((n) => n + 1);
      if (config.data) data.retry();
    };
    body = (
      <WidgetBoundary
        key={attempt}
        copy={copy.error}
        onRetry={retry}
        onError={(error, componentStack) => host.reportError(error, { widget: id, type: config.type, componentStack })}
      >
        <Suspense fallback={<LoadingState label={copy.loading} />}>
          <ServerPagingContext.Provider value={paging}>
            <Component id={id} config={config} data={rendersWithoutData ? undefined : data.data} />
          </ServerPagingContext.Provider>
        </Suspense>
      </WidgetBoundary>
    );
  }

  if (kind.frame === 'none') {
    return <div data-widget-id={id} data-locked={locked || undefined}>{body}</div>;
  }
  return (
    <section className={card.card} data-widget-id={id} aria-label={title || id} data-locked={locked || undefined}>
      {(title || Array.isArray(config.toolbar)) && (
        <div className={card.header}>
          {title && <h2 className={card.title}>{title}</h2>}
          {!locked && <Slot parentId={id} name="toolbar" widgets={config.toolbar} className={styles.slot} />}
        </div>
      )}
      {typeof config.description === 'string' && <Text size={200} className={styles.description}>{fill(config.description)}</Text>}
      {body}
      {!locked && <Slot parentId={id} name="footer" widgets={config.footer} className={styles.slot} />}
    </section>
  );
}

function errorMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return undefined;
}
