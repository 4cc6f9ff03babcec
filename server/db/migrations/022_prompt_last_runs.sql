-- When each prompt last ran, per brand x prompt (no day), so the Prompts Monitor reads its Last Run
-- column from one row per prompt instead of grouping every day of rollup_prompts_daily (a brand's
-- whole history) on each request. Maintained and rebuilt with the other rollups (server/rollups):
-- a run keeps the later of its time and the stored one (GREATEST), so a late run changes nothing
-- unless it is the newest; deleting runs rebuilds the brand's rollups. Like the others, readers take
-- MAX over a key's rows. The server builds it from the stored runs right after this migration
-- (server/rollups/rebuild.ts, buildRollupsAfterUpgrade).
CREATE TABLE rollup_prompt_last_runs (
  brand_id TEXT NOT NULL,
  prompt_id TEXT NOT NULL,
  last_run TIMESTAMP NOT NULL
);
