-- PostgreSQL only: the lookups by brand or by user that the access checks, the Prompts Monitor and
-- the plan limits make on every call, which otherwise scan every tenant's rows (a table of 100,000
-- prompts is a sequential scan per call). DuckDB keeps scanning these small tables: its scans are
-- cheap at one machine's size and its indexes slow every write.
CREATE INDEX prompts_brand ON prompts (brand_id, created_at, id);
CREATE INDEX subscriptions_user ON subscriptions (user_id, created_at, id);
CREATE INDEX brands_created_by ON brands (created_by);
CREATE INDEX brand_members_user ON brand_members (user_id);
