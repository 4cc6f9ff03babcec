import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import {
  assertCanCreate,
  assertCanStartOrRelocate,
  canAddPrompts,
  PLAN_LIMIT_CREATE_MESSAGE,
  PLAN_LIMIT_START_MESSAGE,
  type PlanUsage,
} from './planLimits';

const usage = (promptCount: number, locations: string[], maxPrompts = 5, maxLocations = 2): PlanUsage => ({
  governingUserId: 'u',
  maxPrompts,
  maxLocations,
  promptCount,
  locations: new Set(locations),
});

function refusal(fn: () => void): HttpError {
  try {
    fn();
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected a refusal');
}

describe('plan limits', () => {
  it('canAddPrompts is strictly below the prompt limit', () => {
    expect(canAddPrompts(usage(4, []))).toBe(true);
    expect(canAddPrompts(usage(5, []))).toBe(false);
    expect(canAddPrompts(usage(0, [], 0))).toBe(false);
  });

  it('create: refused at the prompt limit or past the location limit', () => {
    expect(() => assertCanCreate(usage(4, ['US', 'GB']), ['us'])).not.toThrow();
    const full = refusal(() => assertCanCreate(usage(5, ['US']), ['US']));
    expect(full.statusCode).toBe(429);
    expect(full.code).toBe('PLAN_LIMIT');
    expect(full.message).toBe(PLAN_LIMIT_CREATE_MESSAGE);
    expect(refusal(() => assertCanCreate(usage(1, ['US', 'GB']), ['FR'])).message).toBe(PLAN_LIMIT_CREATE_MESSAGE);
  });

  it("start: refused only over the limit, with the 'starting' message", () => {
    expect(() => assertCanStartOrRelocate(usage(5, ['US']), { starting: true, addedLocations: [] })).not.toThrow();
    const over = refusal(() => assertCanStartOrRelocate(usage(6, ['US']), { starting: true, addedLocations: [] }));
    expect(over.statusCode).toBe(429);
    expect(over.message).toBe(PLAN_LIMIT_START_MESSAGE);
    expect(() => assertCanStartOrRelocate(usage(6, ['US']), { starting: false, addedLocations: [] })).not.toThrow();
    expect(refusal(() => assertCanStartOrRelocate(usage(1, ['US', 'GB']), { starting: false, addedLocations: ['FR'] })).message).toBe(
      PLAN_LIMIT_START_MESSAGE,
    );
  });
});
