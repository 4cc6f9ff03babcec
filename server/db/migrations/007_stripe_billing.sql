-- Stripe as the payment provider. Plain ALTER/CREATE statements that DuckDB and PostgreSQL both run.
-- The Stripe customer of each user, created once at their first checkout and reused for the
-- pricing table, the billing portal and to find the user behind a webhook event.
ALTER TABLE users ADD COLUMN stripe_customer_id TEXT;

-- Which Stripe price buys which plan (STRIPE_PRICE_PLANS in the environment can also map them).
ALTER TABLE plans ADD COLUMN stripe_price_id TEXT;

-- Webhook events already applied: Stripe delivers an event at least once, so a replay must find
-- its id here and change nothing.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  processed_at TIMESTAMP NOT NULL
);
