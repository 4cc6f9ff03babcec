-- Running totals per prompt, provider and location, for the lists that rank every prompt of a brand
-- (the Overview's top and bottom prompts): a window's sums are the difference of two days' rows,
-- so such a list reads two rows per combination whatever the window's length, instead of every run
-- in it. A row holds the sums of the combination's runs up to the end of its UTC day: runs, and the
-- own brand's mentions in them (one per answer at most) with their rank and sentiment sums.
--
-- The rows are dense: every combination has a row on every day from its first run's day to the
-- brand's `through` day (rollup_prompt_totals_through: the day of its latest stored run), idle
-- days included, because neither engine finds "each combination's latest row on or before a day"
-- cheaply. The rows of `through` hold every run stored so far. Counts are INTEGER (a combination
-- runs about once a day). Renaming a brand rebuilds its rollups.
CREATE TABLE rollup_prompt_totals (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL,
  prompt_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  runs INTEGER NOT NULL,
  mentioned INTEGER NOT NULL,
  rank_sum INTEGER NOT NULL,
  rank_sq_sum INTEGER NOT NULL,
  sentiment_sum DOUBLE PRECISION NOT NULL,
  sentiment_sq_sum DOUBLE PRECISION NOT NULL
);

-- The last UTC day of each brand's running totals, the day of its latest stored run or later (a row per brand that has them).
CREATE TABLE rollup_prompt_totals_through (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL
);
