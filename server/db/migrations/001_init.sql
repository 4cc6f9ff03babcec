-- Answerscope schema. Written in the SQL subset that DuckDB and PostgreSQL share, so one file
-- serves both drivers. Lists (prompt providers/locations) are JSON text: both engines store it
-- and the server parses it; queries never filter on them.
-- Fact tables (runs, mentions, citations) carry brand_id first: it is the Citus distribution
-- column on PostgreSQL and the leading sort key on DuckDB.

CREATE TABLE plans (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  max_prompts INTEGER NOT NULL,
  max_locations INTEGER NOT NULL,
  max_brands INTEGER NOT NULL,
  price_cents INTEGER NOT NULL,
  billing_interval TEXT NOT NULL
);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  name TEXT NOT NULL,
  username TEXT,
  role TEXT NOT NULL,
  profile_picture TEXT,
  phone TEXT,
  address TEXT,
  city TEXT,
  state TEXT,
  country TEXT,
  postal_code TEXT,
  tenant_id TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL,
  is_onboarded BOOLEAN NOT NULL,
  is_active BOOLEAN NOT NULL,
  privacy_settings TEXT,        -- JSON object, null = defaults
  notification_settings TEXT    -- JSON object {preferences: {...}}, null = defaults
);

CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  plan_id TEXT,
  status TEXT NOT NULL,          -- active, canceled, incomplete, incomplete_expired, past_due, trialing, unpaid
  customer_id TEXT NOT NULL,
  current_period_end TIMESTAMP,
  created_at TIMESTAMP NOT NULL
);

CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at TIMESTAMP NOT NULL,
  status TEXT NOT NULL,
  invoice_pdf TEXT
);

CREATE TABLE payment_methods (
  user_id TEXT PRIMARY KEY,
  card_brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL
);

CREATE TABLE checkout_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  status TEXT NOT NULL,          -- open, complete, expired
  created_at TIMESTAMP NOT NULL
);

CREATE TABLE auth_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  refresh_hash TEXT NOT NULL,    -- sha256 of the current refresh token; rotated on refresh
  created_at TIMESTAMP NOT NULL,
  refreshed_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  revoked BOOLEAN NOT NULL
);

CREATE TABLE email_outbox (
  id TEXT PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL
);

CREATE TABLE onboarding_progress (
  user_id TEXT PRIMARY KEY,
  step INTEGER NOT NULL,
  state TEXT NOT NULL,           -- JSON of the client's onboarding state
  brand_id TEXT,
  snapshot_generated BOOLEAN NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

CREATE TABLE brands (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  location TEXT NOT NULL,        -- two-letter country code
  logo_url TEXT,
  aliases TEXT,                  -- JSON array of extra names the brand is known by
  created_by TEXT NOT NULL,      -- the user whose plan governs the brand
  finalized BOOLEAN NOT NULL,
  created_at TIMESTAMP NOT NULL
);

CREATE TABLE brand_members (
  brand_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  role TEXT NOT NULL,            -- owner or other
  PRIMARY KEY (brand_id, user_id)
);

CREATE TABLE competitors (
  brand_id TEXT NOT NULL,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,        -- lower(name): names are unique per brand case-insensitively
  aliases TEXT,                  -- JSON array
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (brand_id, name_key)
);

CREATE TABLE prompts (
  id TEXT PRIMARY KEY,
  brand_id TEXT NOT NULL,
  text TEXT NOT NULL,
  frequency_cron TEXT NOT NULL,
  providers TEXT NOT NULL,       -- JSON array of provider ids
  locations TEXT NOT NULL,       -- JSON array of country codes
  state TEXT NOT NULL,           -- active or inactive
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

-- One answer from one provider for one prompt in one location.
CREATE TABLE runs (
  brand_id TEXT NOT NULL,
  id TEXT PRIMARY KEY,
  prompt_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL,
  answer_text TEXT NOT NULL,
  named_count INTEGER NOT NULL   -- how many distinct brands the answer names
);

-- Every brand an answer names, tracked or not; entity is the lower-case name key.
-- Whether it is the own brand or a competitor is decided at query time by joining brands and
-- competitors, so tracking a new competitor shows its history at once.
CREATE TABLE mentions (
  brand_id TEXT NOT NULL,
  run_id TEXT NOT NULL,
  prompt_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL,
  entity TEXT NOT NULL,
  entity_name TEXT NOT NULL,
  rank INTEGER NOT NULL,         -- 1 = first brand named in the answer
  sentiment DOUBLE PRECISION NOT NULL  -- -1..1
);

CREATE TABLE citations (
  brand_id TEXT NOT NULL,
  run_id TEXT NOT NULL,
  prompt_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL,
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  domain TEXT NOT NULL,          -- registrable domain, lower case
  title TEXT,
  author TEXT,
  published_at TIMESTAMP,
  citation_hash TEXT NOT NULL
);

