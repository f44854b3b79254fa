-- Public versions (docs/operations.md, "Caching"): a counter per event that goes up in the same
-- transaction as every change to the event's results (values, scores, publication), so a
-- cache keyed by it never serves a view older than a committed change, whatever happened to
-- Redis. Rows are never deleted (event ids are never reused), so a version never goes back.
CREATE TABLE public_versions (
    event_id uuid PRIMARY KEY,
    version  bigint NOT NULL
);

-- Statement-level: a batch of 5,000 results bumps its event once.
CREATE FUNCTION bump_public_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO results.public_versions AS v (event_id, version)
        SELECT DISTINCT event_id, 1 FROM new_rows
        ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1;
    ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO results.public_versions AS v (event_id, version)
        SELECT event_id, 1 FROM new_rows UNION SELECT event_id, 1 FROM old_rows
        ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1;
    ELSE
        INSERT INTO results.public_versions AS v (event_id, version)
        SELECT DISTINCT event_id, 1 FROM old_rows
        ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER results_public_insert AFTER INSERT ON results
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER results_public_update AFTER UPDATE ON results
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER results_public_delete AFTER DELETE ON results
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
