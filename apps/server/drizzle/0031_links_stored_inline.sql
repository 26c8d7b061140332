-- A site page's stored links (reports.links, ~1.3 KB of text, ~550 bytes compressed) stay in its
-- row, compressed, instead of in the table's TOAST storage: a report row carries several values
-- of that size, so PostgreSQL moved the links out of line for nearly every page, and a site
-- build then fetched each page's links from the TOAST table apart (10,000 random look-ups at
-- 10,000 pages). MAIN storage moves a value out only when a row cannot fit in a page otherwise.
-- Reading a kept 10,000-page crawl's link graph on the embedded database: 446-482 → 332-345 ms.
-- Rows written before keep their links where they are (nothing is rewritten).
ALTER TABLE "reports" ALTER COLUMN "links" SET STORAGE MAIN;
