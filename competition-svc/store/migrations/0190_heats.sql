-- Heats (docs/heats.md): which teams race together in a workout, in which lane, at
-- what time. A heat belongs to its workout's event and a lane's team to the same event; a
-- team races once per workout (heat_lanes_team_once), whatever the application does.

ALTER TABLE workouts ADD CONSTRAINT workouts_id_event_key UNIQUE (id, event_id);
ALTER TABLE teams ADD CONSTRAINT teams_id_event_key UNIQUE (id, event_id);

CREATE TABLE heats (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id   uuid NOT NULL,
    workout_id uuid NOT NULL,
    number     integer NOT NULL CHECK (number BETWEEN 1 AND 1000),
    start_time timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (workout_id, event_id) REFERENCES workouts (id, event_id) ON DELETE CASCADE,
    CONSTRAINT heats_number_once UNIQUE (workout_id, number),
    UNIQUE (id, workout_id, event_id)
);

CREATE INDEX heats_event_idx ON heats (event_id);

CREATE TABLE heat_lanes (
    heat_id    uuid NOT NULL,
    workout_id uuid NOT NULL,
    event_id   uuid NOT NULL,
    lane       integer NOT NULL CHECK (lane BETWEEN 1 AND 50),
    team_id    uuid NOT NULL,
    PRIMARY KEY (heat_id, lane),
    CONSTRAINT heat_lanes_team_once UNIQUE (workout_id, team_id),
    FOREIGN KEY (heat_id, workout_id, event_id) REFERENCES heats (id, workout_id, event_id) ON DELETE CASCADE,
    FOREIGN KEY (team_id, event_id) REFERENCES teams (id, event_id) ON DELETE CASCADE
);

CREATE INDEX heat_lanes_team_idx ON heat_lanes (team_id);

-- The public schedule is a public view of the event (0135_public_versions.sql).
CREATE TRIGGER heats_public_insert AFTER INSERT ON heats
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER heats_public_update AFTER UPDATE ON heats
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER heats_public_delete AFTER DELETE ON heats
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER heat_lanes_public_insert AFTER INSERT ON heat_lanes
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER heat_lanes_public_update AFTER UPDATE ON heat_lanes
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER heat_lanes_public_delete AFTER DELETE ON heat_lanes
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();

-- Heat changes show in the event's activity feed.
ALTER TABLE activity DROP CONSTRAINT activity_entity_check;
ALTER TABLE activity ADD CONSTRAINT activity_entity_check
    CHECK (entity IN ('event', 'division', 'team', 'workout', 'grant', 'heat'));
