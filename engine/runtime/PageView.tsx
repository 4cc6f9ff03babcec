import { useEffect, useMemo, type JSX } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEngineHost } from '../host/EngineHostProvider';
import type { BindingContext } from '../bindings/resolve';
import { resolveValue } from '../bindings/resolve';
import { FilterBar } from '../filters/FilterBar';
import { fillTemplate } from '../format/template';
import { LayoutRows, LayoutTabsProvider } from './Layout';
import { PageContext, type PageContextValue } from './PageContext';
import type { LayoutRow, PageDefinition } from './types';
import { usePageFilters } from './usePageFilters';
import { unmetRequirement } from './requirements';
import { useWidgetData } from '../data/useWidgetData';
import { ErrorState, LoadingState } from './WidgetStates';
import { NoticesProvider } from '../actions/Notices';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL, minWidth: 0 },
  crumbs: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', flexWrap: 'wrap', color: tokens.colorNeutralForeground3 },
  crumbLink: { color: tokens.colorBrandForegroundLink, textDecorationLine: 'none', ':hover': { textDecorationLine: 'underline' } },
  empty: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalXXXL },
});

function truncate(label: string, max?: number): string {
  return max && label.length > max ? `${label.slice(0, max)}…` : label;
}

/** Leading rows made only of header widgets sit above the filter bar (title first, then filters). */
export function splitHeaderRows(page: PageDefinition): { lead: LayoutRow[]; rest: LayoutRow[] } {
  let n = 0;
  while (n < page.layout.length && page.layout[n].items.every((i) => i.widget && page.widgets[i.widget]?.type === 'header')) n++;
  return { lead: page.layout.slice(0, n), rest: page.layout.slice(n) };
}

// One answer cache per page visit: every request of the visit is sent once, and widgets that mount
// later with the same request (another tab, a row's button, a dialog) use its answer instead of
// asking again; Retry and actions' revalidate ask on purpose. The next visit starts afresh.
const PAGE_DATA: SWRConfiguration = { provider: () => new Map(), revalidateIfStale: false };

export function PageView({ page }: { page: PageDefinition }) {
  return (
    <SWRConfig value={PAGE_DATA}>
      <PageContents page={page} />
    </SWRConfig>
  );
}

function PageContents({ page }: { page: PageDefinition }) {
  const styles = useStyles();
  const host = useEngineHost();
  const params = useParams();
  const { controls, values, setFilters, setFilter, window } = usePageFilters(page);
  const { brand, user } = host.scope;
  const unmet = unmetRequirement(page, host);
  // Widget code downloads while the page's data is fetched, not after it arrives.
  useEffect(() => host.widgets.preload(Object.values(page.widgets ?? {}).map((w) => String((w as { type?: unknown }).type))), [page, host.widgets]);

  const baseBindings = useMemo<BindingContext>(
    () => ({ filters: values, controls, window, params, brand, user }),
    // params is a fresh object every render; its content decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [values, controls, window, JSON.stringify(params), brand, user],
  );
  // The page's record (a detail page's prompt): widgets render once it is there; a 404 shows the
  // page's not-found copy instead of the page.
  const recordSpec = page.record;
  const record = useWidgetData(recordSpec && !unmet ? recordSpec : undefined, baseBindings);
  const recordValue = recordSpec && record.status === 'ready' ? (record.data as Record<string, unknown>) : null;
  const bindings = useMemo<BindingContext>(() => (recordSpec ? { ...baseBindings, record: recordValue } : baseBindings), [baseBindings, recordSpec, recordValue]);
  const pageValues = useMemo(
    () => resolveValue<Record<string, unknown>>((page as { values?: unknown }).values ?? {}, bindings) ?? {},
    [page, bindings],
  );
  const fill = (text: string) => fillTemplate(text, pageValues);
  const title = fill(page.title);

  useEffect(() => {
    if (typeof document !== 'undefined') document.title = title;
  }, [title]);

  const context = useMemo<PageContextValue>(() => ({ page, filters: values, setFilters, setFilter, bindings }), [page, values, setFilters, setFilter, bindings]);

  // Crumbs whose placeholders are not filled yet (the record is loading or missing) are left out.
  const breadcrumb = (page.breadcrumb ?? []).filter((crumb) => !/\{[A-Za-z_][\w.]*\}/.test(fill(crumb.label)));
  let recordState: JSX.Element | null = null;
  if (recordSpec && record.status !== 'ready') {
    const status = (record.error as { status?: unknown } | undefined)?.status;
    if (record.status === 'error' && status === 404) {
      recordState = (
        <div className={styles.empty} role="status" data-testid="page-not-found">
          <Text as="h1" size={600} weight="semibold">{fill(recordSpec.notFound.title)}</Text>
          {recordSpec.notFound.message && <Text>{fill(recordSpec.notFound.message)}</Text>}
        </div>
      );
    } else if (record.status === 'error') {
      const message = (record.error as { message?: unknown } | undefined)?.message;
      recordState = (
        <ErrorState
          copy={{ title: recordSpec.error.title, message: typeof message === 'string' && message ? message : recordSpec.error.message }}
          onRetry={record.retry}
        />
      );
    } else if (record.status === 'empty') {
      recordState = (
        <div className={styles.empty} role="status" data-testid="page-not-found">
          <Text as="h1" size={600} weight="semibold">{fill(recordSpec.notFound.title)}</Text>
          {recordSpec.notFound.message && <Text>{fill(recordSpec.notFound.message)}</Text>}
        </div>
      );
    } else recordState = <LoadingState label="Loading…" />;
  }
  const { lead, rest } = splitHeaderRows(page);
  return (
    <PageContext.Provider value={context}>
      <NoticesProvider>
      <LayoutTabsProvider>
      {/* the shell (or the standalone frame) holds the page's one main landmark */}
      <section className={styles.page} aria-label={title} data-page-id={page.id}>
        {breadcrumb.length > 0 && (
          <nav aria-label="Breadcrumb" className={styles.crumbs}>
            {breadcrumb.map((crumb, i) => {
              const label = truncate(fill(crumb.label), (crumb as { maxLength?: number }).maxLength);
              return (
                <span key={i} className={styles.crumbs}>
                  {i > 0 && <span aria-hidden="true">›</span>}
                  {crumb.to && i < breadcrumb.length - 1 ? (
                    <RouterLink className={styles.crumbLink} to={crumb.to}>
                      {label}
                    </RouterLink>
                  ) : (
                    <span aria-current={i === breadcrumb.length - 1 ? 'page' : undefined}>{label}</span>
                  )}
                </span>
              );
            })}
          </nav>
        )}
        {unmet ? (
          <div className={styles.empty} role="status">
            <Text as="h1" size={600} weight="semibold">{unmet.title}</Text>
            <Text>{unmet.message}</Text>
          </div>
        ) : recordState ? (
          recordState
        ) : (
          <>
            {lead.length > 0 && <LayoutRows rows={lead} widgets={page.widgets} />}
            {controls.length > 0 && <FilterBar controls={controls} values={values} onChange={setFilters} />}
            <LayoutRows rows={rest} widgets={page.widgets} />
          </>
        )}
      </section>
      </LayoutTabsProvider>
      </NoticesProvider>
    </PageContext.Provider>
  );
}
