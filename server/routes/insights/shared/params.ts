/** Collects positional parameters ($1, $2, …) while a query is assembled, so fragments never splice values into SQL. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** "($3, $4, $5)" for an IN list; callers never pass an empty list (see inList). */
  list(values: readonly unknown[]): string {
    return `(${values.map((v) => this.add(v)).join(', ')})`;
  }
}

/** `column IN (…)` or FALSE for an empty list (an empty IN list is a syntax error on both engines). */
export function inList(p: SqlParams, column: string, values: readonly unknown[]): string {
  return values.length === 0 ? 'FALSE' : `${column} IN ${p.list(values)}`;
}

/**
 * A timestamp parameter. Bound as a Date and compared straight with a TIMESTAMP column, so both
 * drivers bind a timestamp (DuckDB infers the type from the column; a CAST around a text parameter
 * would be re-parsed on every row and defeat min/max pruning).
 */
export function tsParam(p: SqlParams, d: Date): string {
  return p.add(d);
}
