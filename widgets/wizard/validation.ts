import { exampleUrl, fillTemplate, isWebsiteUrl } from '../../engine';
import type { WizardField, WizardRule } from './types';

// One field's validation: its rules in order, the first failing one's message. Text is checked
// trimmed; 'url' wants http(s) and a host with a dot, and its message may show {example}, a URL
// built from what was typed (so 'acme.com' suggests 'https://acme.com').

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
