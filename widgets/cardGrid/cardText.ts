import { getPath, type Row } from '../../engine';

/** A website's host without "www.", from a URL or a bare domain; '' when there is none. */
export function domainOf(url: unknown): string {
  if (typeof url !== 'string' || !url.trim()) return '';
  const text = url.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}

export interface CardLine {
  field: string;
  label?: string;
  display?: 'text' | 'domain';
  prefix?: string;
  suffix?: string;
  fallback?: string | { field: string };
  tooltip?: string;
}

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** A line's text for a row: the value (as a domain if asked) with prefix and suffix, else its fallback. */
export function lineText(row: Row, line: CardLine): string {
  const raw = getPath(row, line.field);
  const value = line.display === 'domain' ? domainOf(raw) : present(raw) ? String(raw) : '';
  if (value) return `${line.prefix ?? ''}${value}${line.suffix ?? ''}`;
  if (typeof line.fallback === 'string') return line.fallback;
  if (line.fallback) {
    const other = getPath(row, line.fallback.field);
    return present(other) ? String(other) : '';
  }
  return '';
}

/** The logo service's URL for a domain: the template with {domain} filled; null without either. */
export function serviceLogoUrl(template: unknown, domain: string): string | null {
  if (typeof template !== 'string' || !template.includes('{domain}') || !domain) return null;
  return template.replace('{domain}', encodeURIComponent(domain));
}
