import type { AppConfig } from './types';

export const DEFAULT_SUPPORT_EMAIL = 'support@answerscope.app';

/** The support address from config settings (supportEmail), else the default. */
export function supportEmailFrom(config: AppConfig | null | undefined): string {
  const value = config?.settings?.supportEmail;
  return typeof value === 'string' && value.includes('@') ? value : DEFAULT_SUPPORT_EMAIL;
}
