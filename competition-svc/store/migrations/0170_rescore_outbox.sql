-- Structure changes that alter stored scores queue a rescore of the event for results-svc in
-- the same transaction, through the outbox of 0130_purge_outbox.sql: a queued purge with no
-- ids deletes nothing and rescores the event (docs/architecture.md, "A request, end to end").
-- So reads never repair scores: a workout's score type or time cap, the event's scoring table
-- and a team's division each queue one, whatever code path changes them.
-- Applied with search_path set to the schema "competition".

CREATE FUNCTION queue_event_rescore() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id)
    SELECT DISTINCT now_.id FROM now_ JOIN was ON was.id = now_.id
    WHERE now_.scoring_table IS DISTINCT FROM was.scoring_table
       OR now_.custom_points IS DISTINCT FROM was.custom_points;
    RETURN NULL;
END $$;

CREATE FUNCTION queue_workout_rescore() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id)
    SELECT DISTINCT now_.event_id FROM now_ JOIN was ON was.id = now_.id
    WHERE now_.score_type IS DISTINCT FROM was.score_type
       OR now_.time_cap_seconds IS DISTINCT FROM was.time_cap_seconds;
    RETURN NULL;
END $$;

CREATE FUNCTION queue_team_rescore() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id)
    SELECT DISTINCT now_.event_id FROM now_ JOIN was ON was.id = now_.id
    WHERE now_.division_id IS DISTINCT FROM was.division_id;
    RETURN NULL;
END $$;

CREATE TRIGGER events_queue_rescore AFTER UPDATE ON events
    REFERENCING OLD TABLE AS was NEW TABLE AS now_ FOR EACH STATEMENT EXECUTE FUNCTION queue_event_rescore();
CREATE TRIGGER workouts_queue_rescore AFTER UPDATE ON workouts
    REFERENCING OLD TABLE AS was NEW TABLE AS now_ FOR EACH STATEMENT EXECUTE FUNCTION queue_workout_rescore();
CREATE TRIGGER teams_queue_rescore AFTER UPDATE ON teams
    REFERENCING OLD TABLE AS was NEW TABLE AS now_ FOR EACH STATEMENT EXECUTE FUNCTION queue_team_rescore();
