/** The plans and accounts every fresh install starts with; printed at start so anyone can log in. */

export interface PlanSeed {
  id: string;
  name: string;
  maxPrompts: number;
  maxLocations: number;
  maxBrands: number;
  priceCents: number;
  billingInterval: 'month' | 'year';
}

export const PLANS: PlanSeed[] = [
  { id: 'plan_starter', name: 'Starter', maxPrompts: 50, maxLocations: 3, maxBrands: 1, priceCents: 4900, billingInterval: 'month' },
  { id: 'plan_growth', name: 'Growth', maxPrompts: 250, maxLocations: 10, maxBrands: 5, priceCents: 14900, billingInterval: 'month' },
  { id: 'plan_enterprise', name: 'Enterprise', maxPrompts: 5000, maxLocations: 250, maxBrands: 25, priceCents: 49900, billingInterval: 'month' },
];

export const DEMO_PASSWORD = 'demo-password';

export interface DemoAccount {
  key: 'demo' | 'new' | 'lapsed';
  id: string;
  email: string;
  name: string;
  /** users.role: 'staff' also opens the page studio */
  role: 'user' | 'staff';
  /** What this login shows, printed at start. */
  purpose: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { key: 'demo', id: 'usr_demo', email: 'demo@example.com', name: 'Dana Demo', role: 'staff', purpose: 'onboarded, active subscription, owns the 3 demo brands, staff (page studio)' },
  { key: 'new', id: 'usr_new', email: 'new@example.com', name: 'Nico New', role: 'user', purpose: 'not onboarded yet, no subscription (onboarding flow)' },
  { key: 'lapsed', id: 'usr_lapsed', email: 'lapsed@example.com', name: 'Lee Lapsed', role: 'user', purpose: 'onboarded, canceled subscription (Subscription Required)' },
];

export interface PlanUsage {
  prompts: number;
  locations: number;
  brands: number;
}

/**
 * The smallest plan that leaves room to grow: prompts and brands strictly below their limits (so
 * Add Brand and New Prompt stay available) and locations within theirs. Falls back to the largest.
 */
export function planFor(usage: PlanUsage): PlanSeed {
  return (
    PLANS.find((p) => usage.prompts < p.maxPrompts && usage.locations <= p.maxLocations && usage.brands < p.maxBrands) ??
    PLANS[PLANS.length - 1]
  );
}
