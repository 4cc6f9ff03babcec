import { defineCall } from '../../../http/call';
import { costCapStatus } from '../../../jobs/costCap';
import { jobSettings } from '../../../jobs/settings';
import { requireBrandAccess } from '../../access';
import { canGovernorAddPrompts } from '../planLimits';
import { normalizeLocations, normalizeProviders, rate } from '../sql';
import { currentWindow, deltaWindow } from '../windows';
import { computeFacts, loadProviderStats } from './facts';
import { loadPromptWindowStats } from './promptStats';
import { buildSuggestions, loadMentionedNames } from './suggestions';
import { countBrandPrompts, loadBrandPrompts, loadPromptTable } from './table';
import type { PageRequest } from '../../../http/paging';
import type { FactSource } from '../../insights/shared/scope';
import { type PerformanceFilter, asksCountsOnly, countsOnlyPage, pagePromptTable } from './paging';

interface MonitorBody {
  brandId: string;
  startTime: string;
  endTime?: string;
  deltaStartTime: string;
  deltaEndTime: string;
  providers?: string[] | null;
  location?: string[] | null;
}

function scope(body: MonitorBody, now: Date) {
  return {
    current: currentWindow(body.startTime, now, 'startTime', body.endTime),
    delta: deltaWindow(body.deltaStartTime, body.deltaEndTime),
    filters: { providers: normalizeProviders(body.providers), locations: normalizeLocations(body.location) },
  };
}

const ownEntity = (name: string) => name.trim().toLowerCase();

/** Where window aggregates read their facts (ServerConfig.factSource; rollups unless set to raw). */
const factSource = (ctx: { config: { factSource?: FactSource } }): FactSource => ctx.config.factSource ?? 'rollups';

interface TableBody extends MonitorBody {
  page?: PageRequest;
  performance?: PerformanceFilter | null;
  state?: 'active' | 'inactive' | null;
}

/**
 * Whether an answer rests on the prompts' facts: its rows do, and the Performance filter does; a
 * page of no rows without that filter (the page header's request for canAddPrompts and the
 * counts) rests on the prompts' states and texts only (total and counts: search, state).
 */
function tableReadsFacts(page: PageRequest | undefined, performance: PerformanceFilter | null | undefined): boolean {
  return page === undefined || page.limit !== 0 || (performance ?? 'all') !== 'all';
}

export const promptsTable = defineCall<TableBody>('prompts.table', async ({ body, user, ctx }) => {
  const brand = await requireBrandAccess(ctx, user, body.brandId);
  const { current, delta, filters } = scope(body, ctx.now());
  const plan = () =>
    Promise.all([
      // the plan of the brand's creator governs it (planLimits)
      canGovernorAddPrompts(ctx.db, brand.created_by),
      costCapStatus(ctx.db, brand.id, jobSettings(ctx.config).costCapUsdPerBrandDay, ctx.now()),
    ]);
  // The page header's request: the counts of each state, without reading thousands of prompt texts.
  if (asksCountsOnly(body.page, body.performance)) {
    const [counts, [canAddPrompts, collection]] = await Promise.all([countBrandPrompts(ctx.db, brand.id), plan()]);
    return { ...countsOnlyPage(counts, body.page, body.state), canAddPrompts, collection };
  }
  const [table, [canAdd, collection]] = await Promise.all([
    loadPromptTable(
      ctx.db,
      brand.id,
      ownEntity(brand.name),
      current,
      delta,
      filters,
      ctx.config.minSample,
      factSource(ctx),
      tableReadsFacts(body.page, body.performance),
    ),
    plan(),
  ]);
  // with a page request: one page of the filtered prompts, their total and the tabs' counts;
  // filtered, sorted and paged without intervals, which only the returned rows get
  const rows = pagePromptTable(table.rows, body.page, body.performance, body.state);
  return { ...rows, prompts: rows.prompts.map(table.complete), canAddPrompts: canAdd, collection };
});

export const promptsFacts = defineCall<MonitorBody>('prompts.insights.facts', async ({ body, user, ctx }) => {
  const brand = await requireBrandAccess(ctx, user, body.brandId);
  const { current, delta, filters } = scope(body, ctx.now());
  const [stats, providers] = await Promise.all([
    loadPromptWindowStats(ctx.db, brand.id, ownEntity(brand.name), current, delta, filters, factSource(ctx)),
    loadProviderStats(ctx.db, brand.id, ownEntity(brand.name), current, filters, factSource(ctx)),
  ]);
  return computeFacts(stats.values(), providers, ctx.config.minSample);
});

export const promptsSuggestions = defineCall<{ brandId: string; startTime: string; endTime?: string; limit?: number }>(
  'prompts.suggestions',
  async ({ body, user, ctx }) => {
    const brand = await requireBrandAccess(ctx, user, body.brandId);
    const window = currentWindow(body.startTime, ctx.now(), 'startTime', body.endTime);
    const own = ownEntity(brand.name);
    const [names, prompts, stats] = await Promise.all([
      loadMentionedNames(ctx.db, brand.id, own, window, factSource(ctx)),
      loadBrandPrompts(ctx.db, brand.id),
      loadPromptWindowStats(
        ctx.db,
        brand.id,
        own,
        window,
        { start: window.start, end: window.start },
        {
          providers: null,
          locations: null,
        },
        factSource(ctx),
      ),
    ]);
    const score = (id: string) => {
      const s = stats.get(id);
      return s ? (rate(s.mentioned, s.runs) ?? -1) : -1;
    };
    const byPerformance = [...prompts].sort((a, b) => score(b.id) - score(a.id) || a.id.localeCompare(b.id));
    return buildSuggestions(
      {
        brandName: brand.name,
        competitors: names.competitors,
        untracked: names.untracked,
        promptsByPerformance: byPerformance.map((p) => p.text),
      },
      body.limit ?? 10,
    );
  },
);

export const monitorRoutes = [promptsTable, promptsFacts, promptsSuggestions];
