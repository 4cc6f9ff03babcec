// Expected texts are written the way the product formats numbers (Intl.NumberFormat, en-US), not
// with toFixed: Intl rounds the number as written in decimal (2.55 → "2.6"), while toFixed rounds
// its binary value (2.55 → "2.5"), so the two disagree on values that end in 5.
const formats = new Map<number, Intl.NumberFormat>();

/** `n` with exactly `decimals` decimals, as the product shows it. */
export function fixed(n: number, decimals: number): string {
  let format = formats.get(decimals);
  if (!format) formats.set(decimals, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return format.format(n);
}
