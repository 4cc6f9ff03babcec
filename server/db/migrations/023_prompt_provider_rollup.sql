-- Each prompt's first and last run per provider and location (not daily: a prompt runs about once
-- a day per provider and location, so a daily row would be one per run). The Prompt Detail's latest
-- responses read the newest runs of a recent span and need the whole history only for a provider
-- that ran before the span and has fewer runs in it than the list shows; this tells which providers
-- ran before the span without reading the prompt's runs. Maintained and rebuilt with the other
-- rollups; readers take MIN(first_at) / MAX(last_at) over rows.
CREATE TABLE rollup_prompt_providers (
  brand_id TEXT NOT NULL,
  prompt_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  first_at TIMESTAMP NOT NULL,
  last_at TIMESTAMP NOT NULL
);
