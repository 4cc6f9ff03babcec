// Page files carry a format "version". When the format changes, a migration rewrites pages of the
// previous version, so a page loader can still read old pages (migratePage) and
// `npm run lint:pages -- --fix` upgrades them on disk.

/** A page as read from JSON, in whatever version it was written. */
export type PageJson = Record<string, unknown>;

export interface Migration {
  from: number;
  to: number;
  /** what it changes, in a few words; listed by lint:pages --fix */
  describe: string;
  /** pure: returns a new page, never changes its argument */
  migrate(page: PageJson): PageJson;
}

/** The format version this engine reads; must equal the "version" const of schemas/page.schema.json. */
export const CURRENT_PAGE_VERSION = 1;

/** One step per format change, oldest first; the last one's `to` is CURRENT_PAGE_VERSION (1 is the first format). */
export const PAGE_MIGRATIONS: readonly Migration[] = [];

export class PageMigrationError extends Error {
  override name = 'PageMigrationError';
}

/** The version a chain migrates to: its last step's `to`, or CURRENT_PAGE_VERSION when it is empty. */
export function targetVersion(migrations: readonly Migration[]): number {
  return checkedChain(migrations).at(-1)?.to ?? CURRENT_PAGE_VERSION;
}

/**
 * The page in the chain's target version and the steps applied (`"1 → 2: <describe>"`), oldest
 * first. A page already there is returned as it is. Throws PageMigrationError for a page without a
 * version, a version newer than the target, or one no step of the chain leads on from.
 */
export function migratePage(page: PageJson, migrations: readonly Migration[] = PAGE_MIGRATIONS): { page: PageJson; applied: string[] } {
  const steps = checkedChain(migrations);
  const target = steps.at(-1)?.to ?? CURRENT_PAGE_VERSION;
  const version = page?.version;
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    throw new PageMigrationError(`page has no integer "version" (found ${JSON.stringify(version)}); cannot tell which migrations it needs`);
  }
  if (version > target) {
    throw new PageMigrationError(`page version ${version} is newer than this engine's page format (${target}); update the engine, not the page`);
  }
  let current = page;
  const applied: string[] = [];
  for (let v = version; v < target; ) {
    const step = steps.find((m) => m.from === v);
    if (!step) {
      const oldest = steps.length ? `the oldest version the migrations read is ${steps[0].from}` : 'there are no page migrations';
      throw new PageMigrationError(`no migration from page version ${v} to ${target}; ${oldest}`);
    }
    // migrations are pure; the version is set here so no step can forget it
    current = { ...step.migrate(current), version: step.to };
    applied.push(`${step.from} → ${step.to}: ${step.describe}`);
    v = step.to;
  }
  return { page: current, applied };
}

/** The chain sorted by `from`; throws when steps do not follow on from each other (a gap or overlap). */
function checkedChain(migrations: readonly Migration[]): Migration[] {
  const steps = [...migrations].sort((a, b) => a.from - b.from);
  for (const [i, m] of steps.entries()) {
    if (!Number.isInteger(m.from) || !Number.isInteger(m.to) || m.to <= m.from) {
      throw new PageMigrationError(`migration '${m.describe}' must go from an integer version to a higher one (has ${m.from} → ${m.to})`);
    }
    const next = steps[i + 1];
    if (next && next.from !== m.to) {
      throw new PageMigrationError(`page migrations have a gap: '${m.describe}' ends at version ${m.to} but the next one starts at ${next.from}`);
    }
  }
  return steps;
}
