import { fillTemplate } from '../../engine';
import type { WizardField, WizardRule } from './types';

// One field's validation: its rules in order, the first failing one's message. Text is checked
// trimmed; 'url' wants http(s) and a host with a dot, and its message may show {example}, a URL
// built from what was typed (so 'acme.com' suggests 'https://acme.com').

export function isWebsiteUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+\.[^\s/?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export function exampleUrl(typed: string): string {
  const host = typed.trim().replace(/^[a-z]+:\/*/i, '').split(/[/?#\s]/)[0];
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) ? `https://${host.toLowerCase()}` : 'https://www.example.com';
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v));

function fails(rule: WizardRule, value: unknown): boolean {
  switch (rule.rule) {
    case 'required':
      return Array.isArray(value) ? value.length === 0 : typeof value === 'boolean' ? !value : text(value) === '';
    case 'minLength':
      return text(value) !== '' && text(value).length < (rule.value ?? 1);
    case 'url':
      return text(value) !== '' && !isWebsiteUrl(text(value));
    case 'checked':
      return value !== true;
    case 'minItems':
      return (Array.isArray(value) ? value.length : 0) < (rule.value ?? 1);
  }
}

/** The message of the first rule the value breaks, or null. */
export function validateField(field: WizardField, value: unknown): string | null {
  for (const rule of field.rules ?? []) {
    if (fails(rule, value)) return fillTemplate(rule.message, { example: exampleUrl(text(value)) });
  }
  return null;
}
