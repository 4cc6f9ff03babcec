import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import {
  assertCanCreate,
  assertCanStartOrRelocate,
  assertPlanActive,
  assertScheduleWithinPlan,
  canAddPrompts,
  PLAN_LIMIT_CREATE_MESSAGE,
  PLAN_LIMIT_START_MESSAGE,
  type PlanUsage,
} from './planLimits';

const usage = (promptCount: number, locations: string[], maxPrompts = 5, maxLocations = 2): PlanUsage => ({
  governingUserId: 'u',
  active: true,
  everSubscribed: true,
  maxPrompts,
  maxLocations,
  maxBrands: 1,
  maxProviders: 2,
  minRunIntervalMinutes: 1440,
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

  it('schedule: at most maxProviders providers and no two runs closer than the plan allows', () => {
    expect(() => assertScheduleWithinPlan(usage(1, []), { providers: ['openai', 'perplexity'], cron: '0 0 * * *' })).not.toThrow();
    expect(() => assertScheduleWithinPlan(usage(1, []), { providers: ['openai'], cron: '30 6 * * 1-5' })).not.toThrow();
    const hourly = refusal(() => assertScheduleWithinPlan(usage(1, []), { providers: ['openai'], cron: '0 * * * *' }));
    expect(hourly.statusCode).toBe(429);
    expect(hourly.code).toBe('PLAN_LIMIT');
    expect(hourly.message).toBe(
      'Your plan runs a prompt on at most 2 AI providers and at most once a day. Choose fewer providers or a less frequent schedule, or upgrade your plan.',
    );
    // Twice a day, 23:00 and midnight: the gap across midnight is one hour.
    expect(refusal(() => assertScheduleWithinPlan(usage(1, []), { providers: ['openai'], cron: '0 0,23 * * *' })).code).toBe('PLAN_LIMIT');
    expect(refusal(() => assertScheduleWithinPlan(usage(1, []), { providers: ['openai', 'perplexity', 'google'], cron: '0 0 * * *' })).code).toBe(
      'PLAN_LIMIT',
    );
  });

  it("a lapsed plan: 402 SUBSCRIPTION_REQUIRED for its owner, GOVERNING_PLAN_INACTIVE for others' brands", () => {
    const lapsed = { ...usage(1, []), active: false };
    expect(() => assertPlanActive(usage(1, []), 'u')).not.toThrow();
    const own = refusal(() => assertPlanActive(lapsed, 'u'));
    expect([own.statusCode, own.code]).toEqual([402, 'SUBSCRIPTION_REQUIRED']);
    const other = refusal(() => assertPlanActive(lapsed, 'someone-else'));
    expect([other.statusCode, other.code]).toEqual([402, 'GOVERNING_PLAN_INACTIVE']);
  });
});
