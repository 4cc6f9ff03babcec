import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCall } from '../../http/call';
import { PASSWORD_CHANGE_COOLDOWN_SECONDS } from './passwordChange';
import { TRIAL_DAYS } from '../../payments/provider';
import { paymentProviderName } from '../../payments/index';
import type { ServerConfig } from '../../http/context';
import { logoUrlTemplate } from './logoService';

/** The version label in the sidebar is the package version, so it changes with every release. */
const version = (() => {
  try {
    const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');
    return String(JSON.parse(fs.readFileSync(pkg, 'utf8')).version ?? '1.0.0');
  } catch {
    return '1.0.0';
  }
})();

/** Feature switches the client reads; APP_FEATURES (JSON object of booleans) overrides them per deployment. */
export function featureFlags(env: NodeJS.ProcessEnv = process.env): Record<string, boolean> {
  const features: Record<string, boolean> = {
    exports: true,
    agencyAccounts: false,
    emergingThreats: true,
    brandSharing: false,
  };
  if (env.APP_FEATURES) {
    try {
      for (const [name, on] of Object.entries(JSON.parse(env.APP_FEATURES) as Record<string, unknown>)) {
        if (typeof on === 'boolean') features[name] = on;
      }
    } catch {
      /* a malformed override is ignored rather than taking the app down */
    }
  }
  return features;
}

/**
 * Which checkout the client draws: 'stripe' (the pricing table, with the publishable key and table
 * id it needs; both are public by design), 'local' (the built-in test checkout) or 'none' (no
 * payments on this server: LOCAL_PAYMENTS off and no Stripe). Never a secret.
 */
export function paymentSettings(config: ServerConfig): Record<string, string> {
  const paymentProvider = paymentProviderName(config);
  if (paymentProvider !== 'stripe' || !config.stripe) return { paymentProvider };
  return { paymentProvider, stripePublishableKey: config.stripe.publishableKey, stripePricingTableId: config.stripe.pricingTableId };
}

export const getConfig = defineCall(
  'config',
  async ({ ctx }) => ({
    data: {
      features: featureFlags(),
      settings: {
        checkoutSessionRefreshMinutes: Number(process.env.CHECKOUT_SESSION_REFRESH_MINUTES ?? 25) || 25,
        trialDays: TRIAL_DAYS,
        ...paymentSettings(ctx.config),
        supportEmail: process.env.SUPPORT_EMAIL ?? 'support@answerscope.app',
        passwordResetCooldownSeconds: PASSWORD_CHANGE_COOLDOWN_SECONDS,
        // Brand logos on the profile's brand cards: {domain} is the brand website's host.
        logoUrlTemplate: logoUrlTemplate(),
      },
      version,
    },
  }),
  { auth: false },
);

export const configRoutes = [getConfig];
