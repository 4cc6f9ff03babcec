-- Alerts and weekly reports: one row per user, brand, kind and period, inserted in the same
-- transaction as the email it sends. The primary key is the claim, so a report or alert goes out
-- once per period whichever instance, restart or concurrent run gets there first.
CREATE TABLE alert_sends (
  send_key TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  brand_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  period TEXT NOT NULL,
  -- what the email was about (e.g. the emerging brands it named), so later alerts only name new ones
  subjects TEXT,
  email_id TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL
);
CREATE INDEX alert_sends_user_brand_kind ON alert_sends (user_id, brand_id, kind);

-- Emails may carry an HTML part and headers (List-Unsubscribe); older rows are plain text only.
ALTER TABLE email_outbox ADD COLUMN html TEXT;
ALTER TABLE email_outbox ADD COLUMN headers TEXT;
