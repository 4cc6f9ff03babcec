import { parseJson } from './json';

export interface PrivacySettings {
  marketingEmails: boolean;
  surveyCommunications: boolean;
  analyticsTracking: boolean;
}

export interface NotificationSettings {
  preferences: Record<string, boolean>;
}

/** Every privacy setting is on until the user turns it off (an unset value reads as true). */
export function readPrivacy(stored: unknown): PrivacySettings {
  const value = parseJson<Partial<PrivacySettings>>(stored, {});
  return {
    marketingEmails: value.marketingEmails !== false,
    surveyCommunications: value.surveyCommunications !== false,
    analyticsTracking: value.analyticsTracking !== false,
  };
}

/** Monitoring and competitor alerts default on, weekly reports off; security alerts cannot be turned off whatever is stored. */
export const NOTIFICATION_DEFAULTS: Record<string, boolean> = {
  prompts_monitoring: true,
  competitor_intelligence: true,
  weekly_reports: false,
  security_alerts: true,
};

export function readNotifications(stored: unknown): NotificationSettings {
  const value = parseJson<{ preferences?: Record<string, unknown> }>(stored, {});
  const preferences: Record<string, boolean> = { ...NOTIFICATION_DEFAULTS };
  for (const [kind, on] of Object.entries(value.preferences ?? {})) {
    if (typeof on === 'boolean') preferences[kind] = on;
  }
  preferences.security_alerts = true;
  return { preferences };
}
