import { describe, expect, it } from 'vitest';
import valid from './fixtures/valid.json';
import { cutToQuota, overQuota, quotaOf } from './quota';
import type { WizardQuota } from './types';

// Prompt slots from the page's quota paths: maxPrompts − usage over owned, governed brands.
const quota = (valid as { steps: Array<{ fields?: Array<{ quota?: unknown }> }> }).steps[1].fields![0].quota as WizardQuota;
const user = (used: number[], max = 50) => ({
  id: 'u1',
  userSubscription: { pricingPlan: { maxPrompts: max } },
  userBrands: [
    ...used.map((n, i) => ({ id: `own${i}`, ownerIds: ['u1'], planGovernance: { usage: { prompts: { currentUsage: n } } } })),
    { id: 'shared', ownerIds: ['u2'], planGovernance: { usage: { prompts: { currentUsage: 30 } } } },
    { id: 'ungoverned', ownerIds: ['u1'], planGovernance: null },
  ],
});

describe('wizard quota', () => {
  it('sums usage over the owned brands with governance only, never below 0', () => {
    expect(quotaOf(user([20, 25]), quota)).toEqual({ limit: 50, used: 45, slots: 5 });
    expect(quotaOf(user([60]), quota)).toEqual({ limit: 50, used: 60, slots: 0 });
    // no plan: no limit
    expect(quotaOf({ id: 'u1', userSubscription: null, userBrands: [] }, quota)).toBeNull();
  });

  it('cuts a selection to the slots with the plan copy', () => {
    expect(cutToQuota(['a', 'b', 'c'], { limit: 50, used: 48, slots: 2 }, quota)).toEqual({ selected: ['a', 'b'], notice: 'Selection limited to 2 prompts based on your plan.' });
    expect(cutToQuota(['a'], { limit: 50, used: 50, slots: 0 }, quota)).toEqual({
      selected: [],
      notice: 'You have reached your plan limit for prompts. Upgrade your plan or delete existing prompts to add more.',
    });
    expect(cutToQuota(['a'], { limit: 50, used: 10, slots: 40 }, quota)).toEqual({ selected: ['a'], notice: null });
  });

  it('refuses more ticks than slots with the used/limit copy', () => {
    expect(overQuota(['a', 'b', 'c'], { limit: 50, used: 48, slots: 2 }, quota)).toBe('You can only select 2 prompts. You have 48/50 prompts used across your brands.');
    expect(overQuota(['a', 'b'], { limit: 50, used: 48, slots: 2 }, quota)).toBeNull();
  });
});
