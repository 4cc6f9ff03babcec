-- Login throttle: one counter row per key (an email, or a client address) with the start of its
-- window. Taking an attempt is a single conditional upsert of that row, so concurrent logins cannot
-- all pass the check before any of them is counted (the row-per-attempt table let them). In the
-- database rather than in memory so the limit holds across API instances.
CREATE TABLE login_throttle (
  throttle_key TEXT PRIMARY KEY,
  window_started_at TIMESTAMP NOT NULL,
  attempts INTEGER NOT NULL
);

DROP TABLE login_attempts;
