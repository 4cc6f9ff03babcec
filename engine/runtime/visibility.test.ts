import { describe, expect, it } from 'vitest';
import { isVisible } from './visibility';

describe('visibleWhen', () => {
  const ctx = { filters: { promptPerformance: 'top' }, controls: [{ id: 'promptPerformance', type: 'choice' as const }], brand: { name: 'Acme' } };
  it('shows widgets without a condition', () => {
    expect(isVisible(undefined, ctx)).toBe(true);
  });
  it('evaluates one condition or all of a list against bindings', () => {
    expect(isVisible({ subject: { $filter: 'promptPerformance' }, op: 'eq', value: 'top' }, ctx)).toBe(true);
    expect(isVisible({ subject: { $filter: 'promptPerformance' }, op: 'eq', value: 'worst' }, ctx)).toBe(false);
    expect(isVisible([{ subject: { $brand: 'name' }, op: 'truthy' }, { subject: { $filter: 'promptPerformance' }, op: 'in', value: ['top', 'worst'] }], ctx)).toBe(true);
    expect(isVisible([{ subject: { $brand: 'name' }, op: 'falsy' }], ctx)).toBe(false);
  });
});
