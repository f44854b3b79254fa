-- Official means checked (docs/result-invariants.md, "Pending changes"): an edit of a published
-- result becomes a pending change. The row holds the new values as a draft (is_published false)
-- and keeps the values the public saw in the public_* columns until someone with publication
-- rights publishes the change (the columns are cleared) or unpublishes the result (cleared
-- too: the public then sees nothing). The public views read a pending row's public_* values.
ALTER TABLE results
    ADD COLUMN public_status      text CHECK (public_status IN ('completed', 'capped', 'dnf', 'dns')),
    ADD COLUMN public_value       double precision,
    ADD COLUMN public_capped_reps integer,
    ADD COLUMN public_tiebreak    double precision,
    ADD COLUMN public_updated_at  timestamptz,
    ADD CONSTRAINT results_public_only_when_pending CHECK (public_status IS NULL OR NOT is_published),
    ADD CONSTRAINT results_public_whole CHECK ((public_status IS NULL) = (public_updated_at IS NULL));
