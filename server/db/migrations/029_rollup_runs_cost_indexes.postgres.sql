-- PostgreSQL only: the window index keeps every column of the table (see 025), now with the cost.
DROP INDEX rollup_runs_daily_brand_day;
CREATE INDEX rollup_runs_daily_brand_day ON rollup_runs_daily (brand_id, day) INCLUDE (provider, location, runs, cost_usd);
