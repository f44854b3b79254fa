-- A transactional outbox for results-svc's clean-up after deletes (docs/operations.md,
-- "Deletes that finish"). Triggers queue a purge in the same transaction as every delete of
-- an event, division, team or workout, whatever code path deletes it; competition-svc
-- delivers the queue to results-svc (PurgeResults) and retries until it succeeds.
-- Applied with search_path set to the schema "competition".

CREATE TABLE purge_outbox (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id        uuid NOT NULL,
    event_deleted   boolean NOT NULL DEFAULT false,
    division_ids    uuid[] NOT NULL DEFAULT '{}',
    team_ids        uuid[] NOT NULL DEFAULT '{}',
    workout_ids     uuid[] NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text NOT NULL DEFAULT ''
);

CREATE INDEX purge_outbox_due_idx ON purge_outbox (next_attempt_at);

-- One queued purge per statement and event. Rows deleted by a cascade from a parent that is
-- gone too are left to the parent's purge (results-svc purges a division's or an event's
-- results whole).
CREATE FUNCTION queue_event_purge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id, event_deleted)
    SELECT gone.id, true FROM gone;
    RETURN NULL;
END $$;

CREATE FUNCTION queue_division_purge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id, division_ids)
    SELECT gone.event_id, array_agg(gone.id ORDER BY gone.id) FROM gone
    WHERE EXISTS (SELECT 1 FROM competition.events e WHERE e.id = gone.event_id)
    GROUP BY gone.event_id;
    RETURN NULL;
END $$;

CREATE FUNCTION queue_team_purge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id, team_ids)
    SELECT gone.event_id, array_agg(gone.id ORDER BY gone.id) FROM gone
    WHERE EXISTS (SELECT 1 FROM competition.divisions d WHERE d.id = gone.division_id)
    GROUP BY gone.event_id;
    RETURN NULL;
END $$;

CREATE FUNCTION queue_workout_purge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id, workout_ids)
    SELECT gone.event_id, array_agg(gone.id ORDER BY gone.id) FROM gone
    WHERE EXISTS (SELECT 1 FROM competition.events e WHERE e.id = gone.event_id)
    GROUP BY gone.event_id;
    RETURN NULL;
END $$;

CREATE TRIGGER events_queue_purge AFTER DELETE ON events
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION queue_event_purge();
CREATE TRIGGER divisions_queue_purge AFTER DELETE ON divisions
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION queue_division_purge();
CREATE TRIGGER teams_queue_purge AFTER DELETE ON teams
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION queue_team_purge();
CREATE TRIGGER workouts_queue_purge AFTER DELETE ON workouts
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION queue_workout_purge();
