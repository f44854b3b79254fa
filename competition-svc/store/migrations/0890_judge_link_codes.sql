-- A judge card's short code (docs/judging.md, "The card's code"): typed on the judge entry
-- page when the card's QR code will not scan, it opens the same link. Only its SHA-256 is kept:
-- a copy of the database holds no working code. Links made before have none.
ALTER TABLE judge_links ADD COLUMN code_hash bytea UNIQUE;
