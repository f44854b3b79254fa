-- competition-svc: events, divisions, teams and workouts.
-- Applied with search_path set to the schema "competition".

CREATE TABLE events (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name            text NOT NULL,
    date_from       date NOT NULL,
    date_to         date NOT NULL,
    location        text NOT NULL DEFAULT '',
    description     text NOT NULL DEFAULT '',
    status          text NOT NULL DEFAULT 'DRAFT'
                    CHECK (status IN ('DRAFT', 'PUBLISHED', 'IN_PROGRESS', 'ARCHIVED', 'UNLISTED')),
    details_visible boolean NOT NULL DEFAULT true,
    scoring_table   text NOT NULL DEFAULT 'podium100'
                    CHECK (scoring_table IN ('podium100', 'games2012', 'ranksum', 'custom')),
    custom_points   double precision[] NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CHECK (date_from <= date_to),
    CHECK (scoring_table <> 'custom' OR cardinality(custom_points) > 0)
);

CREATE INDEX events_date_from_idx ON events (date_from, name);

CREATE TABLE divisions (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id    uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    name        text NOT NULL,
    description text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    -- Lets teams reference (division, event) so a team's event is always its division's.
    UNIQUE (id, event_id)
);

CREATE INDEX divisions_event_idx ON divisions (event_id);

CREATE TABLE teams (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id      uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    division_id   uuid NOT NULL,
    name          text NOT NULL,
    athlete1_name text NOT NULL DEFAULT '',
    athlete2_name text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (division_id, event_id) REFERENCES divisions (id, event_id) ON DELETE CASCADE
);

CREATE INDEX teams_event_idx ON teams (event_id);
CREATE INDEX teams_division_idx ON teams (division_id);

CREATE TABLE workouts (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id         uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    name             text NOT NULL,
    description      text NOT NULL DEFAULT '',
    score_type       text NOT NULL CHECK (score_type IN ('TIME', 'REPS', 'MAX_WEIGHT', 'POINTS')),
    time_cap_seconds integer CHECK (time_cap_seconds BETWEEN 60 AND 3600),
    workout_order    integer CHECK (workout_order >= 1),
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX workouts_event_idx ON workouts (event_id);
