import type { Db } from '../../server/db/types';
import { isCoordinatorLocal, isDistributed } from './layout';

/** The part of an EXPLAIN (FORMAT JSON) node the check reads. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  Operation?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** PostgreSQL's plan for a statement with the parameter values it ran with (nothing is executed). */
export async function explain(db: Db, sql: string, params: unknown[]): Promise<PlanNode> {
  const rows = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const raw = rows[0]['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return doc[0].Plan;
}

/** Splits a condition PostgreSQL printed into its top-level AND terms, each without outer parentheses. */
export function conjuncts(condition: string): string[] {
  return topLevelTerms(condition, ' AND ');
}

/** Splits a condition into its top-level OR terms, each without outer parentheses. */
export function disjuncts(condition: string): string[] {
  return topLevelTerms(condition, ' OR ');
}

function topLevelTerms(condition: string, separator: string): string[] {
  const text = stripParens(condition.trim());
  const terms: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") quoted = !quoted; // a doubled '' toggles twice: still right
    if (quoted) continue;
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      terms.push(stripParens(text.slice(start, i).trim()));
      start = i + separator.length;
    }
  }
  terms.push(stripParens(text.slice(start).trim()));
  return terms;
}

/** Removes parentheses that enclose the whole text, as often as they do. */
function stripParens(text: string): string {
  while (text.startsWith('(') && closingParen(text, 0) === text.length - 1) text = text.slice(1, -1).trim();
  return text;
}

function closingParen(text: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") quoted = !quoted;
    if (quoted) continue;
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

const COLUMN = String.raw`(?:(?<prefix>\w+)\.)?brand_id`;
const LITERAL = String.raw`'(?<value>(?:[^']|'')*)'::text`;
const PINS = [new RegExp(`^${COLUMN} = ${LITERAL}$`), new RegExp(`^${LITERAL} = ${COLUMN}$`)];

/** The brand id a term pins `alias.brand_id` (or bare brand_id) to, if it is `brand_id = <one constant>` (or an OR of such arms). */
export function pinnedBrand(term: string, alias: string | undefined): string | null {
  // An OR pins the brand when every arm does, to the same one (PostgreSQL moves a statement's
  // brand_id = <constant> into each arm when it reads an index per arm).
  const arms = disjuncts(term);
  if (arms.length > 1) {
    const brands = arms.map(
      (arm) =>
        conjuncts(arm)
          .map((t) => pinnedBrand(t, alias))
          .find((b) => b !== null) ?? null,
    );
    return brands.every((b) => b !== null && b === brands[0]) ? brands[0] : null;
  }
  for (const pattern of PINS) {
    const groups = pattern.exec(term)?.groups;
    if (!groups) continue;
    if (groups.prefix && alias && groups.prefix !== alias) return null;
    return groups.value.replace(/''/g, "'");
  }
  return null;
}

/** The conditions a scan applies to its own rows: its filter and index conditions, a bitmap scan's index conditions too. */
function scanConditions(node: PlanNode): string[] {
  const out = [node.Filter, node['Index Cond'], node['Recheck Cond']].filter((c): c is string => !!c);
  if (node['Node Type'] === 'Bitmap Heap Scan') {
    const child = node.Plans?.[0];
    // BitmapAnd: every branch's rows are intersected, so any branch's condition restricts the scan.
    // BitmapOr is left out: a condition on one branch does not restrict the others.
    const indexScans = child?.['Node Type'] === 'BitmapAnd' ? (child.Plans ?? []) : child ? [child] : [];
    for (const s of indexScans) if (s['Node Type'] === 'Bitmap Index Scan' && s['Index Cond']) out.push(s['Index Cond']);
  }
  return out;
}

export interface RoutingResult {
  /** Why the statement would not route to one shard; empty when it does. */
  problems: string[];
  /** Scans of distributed tables in the plan. */
  distributedScans: number;
}

/**
 * Whether a plan would route to one shard on Citus: every scan of a distributed table is
 * restricted by `brand_id = <constant>` (directly or through a brand_id join, which PostgreSQL
 * turns into the same constant on both sides), all scans name the same brand, and no
 * coordinator-local table is joined to them. Inserts of rows are routed by their own brand_id.
 */
export function routingProblems(plan: PlanNode): RoutingResult {
  const problems: string[] = [];
  const brands = new Set<string>();
  const localTables = new Set<string>();
  let distributedScans = 0;
  const visit = (node: PlanNode) => {
    const table = node['Relation Name'];
    if (table && node['Node Type'] !== 'ModifyTable') {
      if (isDistributed(table)) {
        distributedScans++;
        const pinned = scanConditions(node)
          .flatMap(conjuncts)
          .map((term) => pinnedBrand(term, node.Alias))
          .filter((b): b is string => b !== null);
        if (pinned.length === 0) {
          const shown = scanConditions(node).join(' | ') || 'no condition';
          problems.push(
            `${node['Node Type']} on ${table}${node.Alias && node.Alias !== table ? ` ${node.Alias}` : ''} without brand_id = <constant> (${shown})`,
          );
        }
        for (const b of pinned) brands.add(b);
      } else if (isCoordinatorLocal(table)) {
        localTables.add(table);
      }
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  if (brands.size > 1) problems.push(`scans pin different brands: ${[...brands].join(', ')}`);
  if (distributedScans > 0 && localTables.size > 0) {
    problems.push(`joins distributed tables with coordinator-local tables: ${[...localTables].join(', ')}`);
  }
  return { problems, distributedScans };
}

/** Statements PostgreSQL can EXPLAIN (one statement of SELECT/INSERT/UPDATE/DELETE, WITH or VALUES). */
export function isExplainable(sql: string): boolean {
  const body = sql.trim().replace(/;\s*$/, '');
  return /^(SELECT|WITH|INSERT|UPDATE|DELETE|VALUES)\b/i.test(body) && !/;\s*\S/.test(stripLiterals(body));
}

function stripLiterals(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, "''");
}

/** Whether a statement or script selects, inserts, updates or deletes rows (rather than DDL or maintenance). */
export function readsOrWritesRows(sql: string): boolean {
  return /\b(SELECT|INSERT|UPDATE|DELETE|COPY)\b/i.test(stripLiterals(sql));
}

/** Whether a statement's text names a distributed table (the tables the check is about). */
export function namesDistributedTable(sql: string): boolean {
  const names = stripLiterals(sql).match(/\b(?:runs|mentions|citations|rollup_\w+|brand_facts_versions)\b/gi) ?? [];
  return names.some((n) => isDistributed(n.toLowerCase()));
}
