/** The notification settings that alerts and reports answer to (the keys of the stored preferences). */
export const ALERT_KINDS = ['weekly_reports', 'competitor_intelligence', 'prompts_monitoring'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export function isAlertKind(value: unknown): value is AlertKind {
  return typeof value === 'string' && (ALERT_KINDS as readonly string[]).includes(value);
}

/** How each kind is named to the user (unsubscribe page, email footer); same words as Settings → Notifications. */
export const KIND_LABELS: Record<AlertKind, string> = {
  weekly_reports: 'Weekly reports',
  competitor_intelligence: 'Competitor intelligence',
  prompts_monitoring: 'Prompt monitoring',
};
