import { createElement, useEffect, useState } from 'react';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { useEngineHost, type WidgetProps } from '../../engine';
import type { PricingTableConfig } from './config.generated';
import { loadStripePricingTable } from './stripeScript';
import { DEFAULT_REFRESH_MINUTES, useAnswer, useCheckoutSession, type CheckoutSession } from './useCheckoutSession';

export interface PlanOffer {
  id: string;
  name: string;
  price: number;
  interval: string;
  features: string[];
}

interface PlansAnswer {
  plans: PlanOffer[];
  trialDays?: number;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXL, padding: `${tokens.spacingVerticalXL} 0` },
  hero: { display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: tokens.spacingVerticalS, maxWidth: '640px' },
  kicker: { color: tokens.colorBrandForeground1, textTransform: 'uppercase', letterSpacing: '0.08em', fontWeight: tokens.fontWeightSemibold },
  headline: { margin: 0, fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightBold },
  text: { color: tokens.colorNeutralForeground2, textAlign: 'center' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL, width: '100%' },
  plan: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  planName: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  price: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightBold, lineHeight: tokens.lineHeightHero700 },
  per: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightRegular },
  features: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flexGrow: 1 },
  feature: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  tick: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
  state: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalXXL },
  error: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  table: { width: '100%' },
});

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The hosted checkout address of the session with the chosen plan. */
export function checkoutUrl(session: CheckoutSession, planId: string, origin: string = window.location.origin): string {
  const url = new URL(session.url ?? '', origin);
  url.searchParams.set('plan', planId);
  return url.origin === origin ? `${url.pathname}${url.search}` : url.toString();
}

function Loading({ label }: { label: string }) {
  const s = useStyles();
  return (
    <div className={s.state} role="status">
      <Spinner size="medium" />
      <Text>{label}</Text>
    </div>
  );
}

function Failed({ label, onRetry }: { label: string; onRetry?: () => void }) {
  const s = useStyles();
  return (
    <div className={s.state} role="alert">
      <Text className={s.error}>{label}</Text>
      {onRetry && (
        <Button appearance="secondary" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}

/** The local provider's table: one card per plan; choosing one opens the hosted checkout for it. */
function LocalPlans({ config, session }: { config: PricingTableConfig; session: CheckoutSession }) {
  const s = useStyles();
  const plans = useAnswer<PlansAnswer>(config.plans.call, true);
  const [choosing, setChoosing] = useState<string | null>(null);
  if (plans.status === 'loading') return <Loading label={config.loading} />;
  if (plans.status === 'error' || plans.value.plans.length === 0) return <Failed label={config.error} onRetry={plans.retry} />;
  const trialDays = plans.value.trialDays ?? 0;
  return (
    <div className={s.grid} role="list" aria-label="Plans">
      {plans.value.plans.map((plan) => (
        <section key={plan.id} className={s.plan} role="listitem" aria-labelledby={`plan-${plan.id}`} data-plan={plan.id}>
          <h2 id={`plan-${plan.id}`} className={s.planName}>
            {plan.name}
          </h2>
          <div className={s.price} data-testid="plan-price">
            {dollars(plan.price)}
            <span className={s.per}> / {plan.interval}</span>
          </div>
          <ul className={s.features}>
            {plan.features.map((f) => (
              <li key={f} className={s.feature}>
                <CheckmarkRegular className={s.tick} aria-hidden="true" />
                <Text>{f}</Text>
              </li>
            ))}
          </ul>
          <Button
            appearance="primary"
            disabled={choosing !== null}
            aria-label={`${trialDays > 0 ? `Start ${trialDays}-day free trial` : 'Choose'} with ${plan.name}`}
            onClick={() => {
              setChoosing(plan.id);
              window.location.assign(checkoutUrl(session, plan.id));
            }}
          >
            {choosing === plan.id ? 'Opening checkout...' : trialDays > 0 ? `Start ${trialDays}-day free trial` : `Choose ${plan.name}`}
          </Button>
        </section>
      ))}
    </div>
  );
}

/** The payment provider's embedded table: its script once, then its element with the session. */
function StripeTable({ settings, session }: { settings: Record<string, unknown>; session: CheckoutSession }) {
  const s = useStyles();
  const { scope } = useEngineHost();
  useEffect(() => {
    loadStripePricingTable();
  }, []);
  const userId = scope.user?.id;
  return (
    <div className={s.table}>
      {createElement('stripe-pricing-table', {
        'pricing-table-id': String(settings.stripePricingTableId ?? ''),
        'publishable-key': String(settings.stripePublishableKey ?? ''),
        'customer-session-client-secret': session.clientSecret,
        'client-reference-id': typeof userId === 'string' && userId ? userId : 'guest',
      })}
    </div>
  );
}

export default function PricingTable({ config, data }: WidgetProps<PricingTableConfig>) {
  const s = useStyles();
  const settings = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const provider = typeof settings.paymentProvider === 'string' ? settings.paymentProvider : 'local';
  const minutes = Number(settings.checkoutSessionRefreshMinutes) || DEFAULT_REFRESH_MINUTES;
  const session = useCheckoutSession(config.session.call, minutes);

  let body;
  if (provider !== 'local' && provider !== 'stripe') body = <Failed label={config.error} />;
  else if (session.status === 'loading') body = <Loading label={config.loading} />;
  else if (session.status === 'error') body = <Failed label={config.error} onRetry={session.retry} />;
  else if (provider === 'stripe') body = <StripeTable settings={settings} session={session.value} />;
  else body = <LocalPlans config={config} session={session.value} />;

  return (
    <div className={s.root}>
      {(config.kicker || config.headline || config.text) && (
        <div className={s.hero}>
          {config.kicker && <Text className={s.kicker}>{config.kicker}</Text>}
          {config.headline && <h1 className={s.headline}>{config.headline}</h1>}
          {config.text && <Text size={400} className={s.text}>{config.text}</Text>}
        </div>
      )}
      {body}
    </div>
  );
}
