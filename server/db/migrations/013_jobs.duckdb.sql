-- The embedded job queue (DuckDB; PostgreSQL deployments use pg-boss in its own schema). One row
-- per slot, keyed by prompt:provider:location:slot, so a slot is enqueued and run once. A row stays
-- after it completes or fails (pruned after two weeks), which keeps a re-enqueue of a finished slot
-- from running it again.
CREATE TABLE jobs (
  key TEXT PRIMARY KEY,
  prompt_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  slot TIMESTAMP NOT NULL,
  state TEXT NOT NULL,            -- queued, active, completed, failed (a dead letter)
  attempts INTEGER NOT NULL,      -- tries started; a deferral (cost cap) gives its try back
  run_after TIMESTAMP NOT NULL,   -- not taken before: a retry's backoff, or a paused brand's next day
  lease_until TIMESTAMP,          -- an active job whose lease passed is taken again
  run_id TEXT,
  last_error TEXT,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);
