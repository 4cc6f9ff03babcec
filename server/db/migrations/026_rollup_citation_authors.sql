-- Citations per domain and author, for the most often named author of each cited domain (the
-- Overview's sources card). Migration 008 keeps no author because it took authors to be nearly
-- unique per citation: they are not. Authors repeat across a site's pages, so a domain has a few:
-- in the demo data a brand's 7-day window holds 44,868 citations, 24,137 of them with an author,
-- but only 37 distinct authors and 494 distinct (day, domain, author). URLs are still nearly unique
-- per citation and stay out of every rollup.
--
-- Only citations that have a domain (<> '') and an author count: NULL and '' authors are left out,
-- as the reader has always ignored them (ingestion stores a blank author as NULL; '' can only come
-- from rows written some other way). The author is stored as ingested, untrimmed and case kept, so
-- the rollup names exactly the values the raw citations do. Readers SUM over rows, as for the other
-- daily rollups (no unique key). INTEGER, as in 020: PostgreSQL sums it into BIGINT. The server
-- fills it from the stored facts right after this migration (server/rollups/rebuild.ts).
CREATE TABLE rollup_citation_authors_daily (
  brand_id TEXT NOT NULL,
  day TIMESTAMP NOT NULL,
  provider TEXT NOT NULL,
  location TEXT NOT NULL,
  domain TEXT NOT NULL,
  author TEXT NOT NULL,
  citations INTEGER NOT NULL
);
