-- A team's move to another division queues a rescore of that team's cells, not of the event
-- (docs/boards.md, "Saves at any size"): the queued purge names the teams that moved, and
-- results-svc rescores only the cells their results are in, old division and new. Whatever
-- path moves a team (its edit, a registration's move) goes through this trigger. The column
-- has a default: an older binary queues and delivers a purge without it, which results-svc
-- takes as the event's whole rescore, as before.
-- Applied with search_path set to the schema "competition".

ALTER TABLE purge_outbox ADD COLUMN moved_team_ids uuid[] NOT NULL DEFAULT '{}';

CREATE OR REPLACE FUNCTION queue_team_rescore() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.purge_outbox (event_id, moved_team_ids)
    SELECT now_.event_id, array_agg(now_.id ORDER BY now_.id) FROM now_ JOIN was ON was.id = now_.id
    WHERE now_.division_id IS DISTINCT FROM was.division_id
    GROUP BY now_.event_id;
    RETURN NULL;
END $$;
