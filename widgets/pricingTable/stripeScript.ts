// The payment provider's pricing table is a custom element defined by its script; the script is
// added to the document once, whatever the number of tables or visits.
export const STRIPE_PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

export function loadStripePricingTable(doc: Document = document): HTMLScriptElement {
  const existing = stripeScripts(doc)[0];
  if (existing) return existing;
  const script = doc.createElement('script');
  script.src = STRIPE_PRICING_TABLE_SCRIPT;
  script.async = true;
  doc.head.appendChild(script);
  return script;
}

/** The pricing table scripts already in the document (by their src attribute). */
export function stripeScripts(doc: Document = document): HTMLScriptElement[] {
  return [...doc.getElementsByTagName('script')].filter((s) => s.getAttribute('src') === STRIPE_PRICING_TABLE_SCRIPT);
}
