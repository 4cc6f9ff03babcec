-- Failed logins per email+address: kept in the database so the limit holds across API instances.
CREATE TABLE login_attempts (
  attempt_key TEXT NOT NULL,
  attempted_at TIMESTAMP NOT NULL
);

-- Delivery state beside the append-only email outbox (SMTP relay).
CREATE TABLE email_deliveries (
  email_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  last_error TEXT
);
