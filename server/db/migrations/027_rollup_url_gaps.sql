-- Distinct cited URLs of a window without reading its citations. A URL cited on several days is one
-- URL, so daily counts of URLs do not add up; but every URL cited in a window has exactly one day
-- in it when the window first cites it, and on that day its previous citation (if any) lies before
-- the window. So a window [start, end) of whole days cites
--   SUM(urls) over its days of the rows whose prev_day < start
-- distinct URLs, read from a few hundred rows per day whatever the citations. Maintained and
-- rebuilt with the other rollups (server/rollups); readers SUM over rows (a key may have several).
-- Only citations with a domain (the screens count no other). Key a URL by (domain, url), as the
-- readers count it. Kept on PostgreSQL only (server/rollups/urlGaps.ts, urlGapsKeptOn): DuckDB has
-- no index to find a URL's days by, so there both tables stay empty.

-- Each URL's days of citation, per brand: what the maintenance looks up to place a new citation's
-- day between the URL's earlier and later days.
CREATE TABLE rollup_cited_url_days (
  brand_id TEXT NOT NULL,
  domain TEXT NOT NULL,
  url TEXT NOT NULL,
  day TIMESTAMP NOT NULL
);

-- Per brand x UTC day x domain x the day the URL was cited before: the distinct URLs cited that day
-- whose previous citation was on prev_day (1970-01-01 for a URL never cited before: earlier than
-- any window, so the rule above counts it).
CREATE TABLE rollup_url_gaps_daily (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL,
  domain TEXT NOT NULL,
  prev_day TIMESTAMP NOT NULL,
  urls INTEGER NOT NULL
);
