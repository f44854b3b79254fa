-- Public versions (docs/operations.md, "Caching"): a counter per event that goes up in the same
-- transaction as every change to the event's rows, so a cache keyed by it never serves a view
-- older than a committed change, whatever happened to Redis. The row of the nil UUID is the
-- public event list's: it goes up with every change of any event itself. Rows are never
-- deleted (event ids are never reused), so a version never goes back.
CREATE TABLE public_versions (
    event_id uuid PRIMARY KEY,
    version  bigint NOT NULL
);

-- Statement-level triggers: a bulk insert of 1,000 teams bumps its event once.
CREATE FUNCTION bump_public_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO competition.public_versions AS v (event_id, version)
        SELECT DISTINCT event_id, 1 FROM new_rows
        ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1;
    ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO competition.public_versions AS v (event_id, version)
        SELECT event_id, 1 FROM new_rows UNION SELECT event_id, 1 FROM old_rows
        ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1;
    ELSE
        INSERT INTO competition.public_versions AS v (event_id, version)
        SELECT DISTINCT event_id, 1 FROM old_rows
        ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1;
    END IF;
    RETURN NULL;
END $$;

-- Events are keyed by id, and a change of one also changes the event list.
CREATE FUNCTION bump_event_public_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO competition.public_versions AS v (event_id, version)
        SELECT id, 1 FROM new_rows UNION SELECT '00000000-0000-0000-0000-000000000000'::uuid, 1
        ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1;
    ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO competition.public_versions AS v (event_id, version)
        SELECT id, 1 FROM new_rows UNION SELECT '00000000-0000-0000-0000-000000000000'::uuid, 1
        ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1;
    ELSE
        INSERT INTO competition.public_versions AS v (event_id, version)
        SELECT id, 1 FROM old_rows UNION SELECT '00000000-0000-0000-0000-000000000000'::uuid, 1
        ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER events_public_insert AFTER INSERT ON events
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_event_public_versions();
CREATE TRIGGER events_public_update AFTER UPDATE ON events
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_event_public_versions();
CREATE TRIGGER events_public_delete AFTER DELETE ON events
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_event_public_versions();

CREATE TRIGGER divisions_public_insert AFTER INSERT ON divisions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER divisions_public_update AFTER UPDATE ON divisions
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER divisions_public_delete AFTER DELETE ON divisions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();

CREATE TRIGGER teams_public_insert AFTER INSERT ON teams
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER teams_public_update AFTER UPDATE ON teams
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER teams_public_delete AFTER DELETE ON teams
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();

CREATE TRIGGER workouts_public_insert AFTER INSERT ON workouts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER workouts_public_update AFTER UPDATE ON workouts
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER workouts_public_delete AFTER DELETE ON workouts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
