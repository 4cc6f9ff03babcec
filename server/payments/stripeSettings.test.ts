import { describe, expect, it } from 'vitest';
import { loadConfig, StartupError } from '../config';
import { appContentSecurityPolicy } from '../http/securityHeaders';
import { stripeBrowserSources } from './stripeSettings';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_PRICING_TABLE_ID: 'prctbl_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

// Stripe settings are read at start: all four keys or none; anything half-done is a one-line
// StartupError naming what to fix (main prints it and exits).
describe('Stripe settings (STRIPE_*)', () => {
  it('none set: no Stripe, the local provider stays', () => {
    expect(loadConfig({}).stripe).toBeNull();
  });

  it('all four set: Stripe with its keys, optional price mapping and test API server', () => {
    const config = loadConfig({
      ...STRIPE,
      STRIPE_PRICE_PLANS: 'price_a=plan_starter, price_b=plan_growth',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      pricingTableId: 'prctbl_123',
      webhookSecret: 'whsec_abc',
      pricePlans: { price_a: 'plan_starter', price_b: 'plan_growth' },
      apiBase: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(loadConfig(STRIPE).stripe?.apiBase).toBeNull();
    expect(loadConfig({ ...STRIPE, STRIPE_API_BASE: 'https://stripe-mock.internal' }).stripe?.apiBase).toEqual({
      host: 'stripe-mock.internal',
      port: 443,
      protocol: 'https',
    });
  });

  it('a partial configuration is refused with the missing names on one line', () => {
    const { STRIPE_WEBHOOK_SECRET: _w, ...withoutWebhook } = STRIPE;
    expect(() => loadConfig(withoutWebhook)).toThrow(StartupError);
    expect(() => loadConfig(withoutWebhook)).toThrow(
      /^Stripe is partly configured: STRIPE_WEBHOOK_SECRET is missing \(set STRIPE_SECRET_KEY, /,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      'Stripe is partly configured: STRIPE_PUBLISHABLE_KEY, STRIPE_PRICING_TABLE_ID, STRIPE_WEBHOOK_SECRET are missing',
    );
    expect(() => loadConfig({ ...STRIPE, STRIPE_PRICING_TABLE_ID: '  ' })).toThrow(/STRIPE_PRICING_TABLE_ID is missing/);
    for (const message of collectMessages()) expect(message).not.toContain('\n');
  });

  it('refuses keys of the wrong kind, test keys mixed with live ones, and malformed extras', () => {
    expect(() => loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow('STRIPE_SECRET_KEY must start with sk_ or rk_');
    expect(() => loadConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow('STRIPE_WEBHOOK_SECRET must start with whsec_');
    expect(() => loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(/both be test keys or both be live keys/);
    expect(loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'rk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }).stripe?.secretKey).toBe(
      'rk_live_abc',
    );
    expect(() => loadConfig({ ...STRIPE, STRIPE_PRICE_PLANS: 'plan_starter' })).toThrow(
      /STRIPE_PRICE_PLANS must be price_id=plan_id pairs/,
    );
    expect(() => loadConfig({ ...STRIPE, STRIPE_API_BASE: 'localhost:12111/v1' })).toThrow(/STRIPE_API_BASE must be/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(/need Stripe configured/);
  });
});

describe('Content-Security-Policy with Stripe', () => {
  it("allows the pricing table's script, frames and API only when Stripe is configured", () => {
    const withStripe = appContentSecurityPolicy({
      publicUrl: 'https://app.example',
      paymentSources: stripeBrowserSources(loadConfig(STRIPE).stripe),
    });
    expect(withStripe['script-src']).toEqual(["'self'", "'unsafe-eval'", 'https://js.stripe.com']);
    expect(withStripe['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(withStripe['connect-src']).toContain('https://api.stripe.com');
    const without = appContentSecurityPolicy({
      publicUrl: 'https://app.example',
      paymentSources: stripeBrowserSources(loadConfig({}).stripe),
    });
    expect(without['script-src']).toEqual(["'self'", "'unsafe-eval'"]);
    expect(without).not.toHaveProperty('frame-src');
    expect(without['connect-src']).toEqual(["'self'"]);
  });
});

function collectMessages(): string[] {
  const out: string[] = [];
  for (const env of [
    { STRIPE_SECRET_KEY: 'sk_test_x' },
    { ...STRIPE, STRIPE_SECRET_KEY: 'nope' },
    { ...STRIPE, STRIPE_API_BASE: '::' },
  ]) {
    try {
      loadConfig(env);
    } catch (error) {
      out.push((error as Error).message);
    }
  }
  expect(out).toHaveLength(3);
  return out;
}
