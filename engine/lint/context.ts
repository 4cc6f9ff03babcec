import type { Catalogue } from './catalogue';
import type { Severity } from './diagnostic';
import type { Path, SourceFile } from './source';

// What a rule sees and how it reports. Page rules look at one page; project rules at all of them.

export interface Report {
  path: Path;
  message: string;
  severity?: Severity;
  /** defaults to the widget the path lies in (/widgets/<id>/...), else '-' */
  widget?: string;
  /** locate the property name at path rather than its value */
  key?: boolean;
  /** an exact source range instead of a path location (e.g. the second of two duplicate keys) */
  range?: { offset: number; length: number };
}

export interface PageContext {
  src: SourceFile;
  /** the parsed page when it is an object, else null (rules then have nothing to check) */
  page: Record<string, unknown> | null;
  catalogue: Catalogue;
  report(rule: string, report: Report): void;
}

export interface PageRule {
  id: string;
  description: string;
  scope: 'page';
  /** skip findings where the schema already reported the same value (both check binding names) */
  defersToSchema?: boolean;
  check(ctx: PageContext): void | Promise<void>;
}

export interface ProjectRule {
  id: string;
  description: string;
  scope: 'project';
  check(pages: readonly PageContext[]): void;
}

export type Rule = PageRule | ProjectRule;
