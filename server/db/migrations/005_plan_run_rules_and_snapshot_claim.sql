-- Plan rules the server enforces on every prompt besides its prompt, location and brand limits:
-- how many AI providers one prompt may run on, and the shortest time between two scheduled runs
-- of a prompt (1440 = at most daily, what the product's frequencies offer). Added with defaults so
-- existing plan rows and inserts that do not name them get them.
ALTER TABLE plans ADD COLUMN max_providers INTEGER DEFAULT 4;
ALTER TABLE plans ADD COLUMN min_run_interval_minutes INTEGER DEFAULT 1440;

-- When the free onboarding snapshot was claimed: only one generation runs it, once.
ALTER TABLE onboarding_progress ADD COLUMN snapshot_started_at TIMESTAMP;
