// Amounts stored in minor units (cents) shown in their currency with 2 decimals: 2900 → $29.00.
export function formatMoney(value: unknown, currency: string, minorUnits: boolean): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const amount = minorUnits ? value / 100 : value;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}
