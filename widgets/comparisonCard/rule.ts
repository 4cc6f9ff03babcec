import { getPath, matches, type Condition, type Row } from '../../engine';

// A badge chosen by a rule over the row: `when` conditions (all must hold) pick `then`, otherwise
// `else`. A condition's value may name another field ({"field": "competitorMentionRate"}) so a card
// can compare two of its own numbers ("yours above theirs").
export type BadgeColor = 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
export interface BadgeLabel {
  label: string;
  color?: BadgeColor;
}
export interface RuleCondition {
  field: string;
  op?: Condition['op'];
  value?: unknown;
}
export interface BadgeRule {
  when: RuleCondition[];
  then: BadgeLabel;
  else: BadgeLabel;
}

function isFieldRef(value: unknown): value is { field: string } {
  return !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { field?: unknown }).field === 'string';
}

export function ruleHolds(row: Row, when: RuleCondition[]): boolean {
  return when.every((c) => matches(row, { field: c.field, op: c.op, value: isFieldRef(c.value) ? getPath(row, c.value.field) : c.value }));
}

export function badgeByRule(row: Row, rule: BadgeRule): BadgeLabel {
  return ruleHolds(row, rule.when) ? rule.then : rule.else;
}
