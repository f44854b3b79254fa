-- Who submitted a qualifier score, and who acted on it, by account as well as by name: the
-- review queue names athletes by name, never by address, and a deleted athlete's name is
-- found by their id to become "Former athlete" (docs/access.md, "Athletes"). Empty for
-- staff, and for rows written before (whose by-names were addresses: the erasure finds them
-- by address).
ALTER TABLE submissions ADD COLUMN submitted_by_id uuid;
ALTER TABLE submission_reviews ADD COLUMN by_id uuid;
CREATE INDEX submissions_submitted_by_idx ON submissions (submitted_by_id) WHERE submitted_by_id IS NOT NULL;
CREATE INDEX submission_reviews_by_idx ON submission_reviews (by_id) WHERE by_id IS NOT NULL;
