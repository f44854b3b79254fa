-- One result per team and workout. value is set for completed results
-- only, capped_reps for capped results only; dnf and dns carry nothing. place and points are
-- the admin view's score (computed over all results of the workout and division, published or
-- not) and are rewritten in the same transaction as every change.
CREATE TABLE results (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id     uuid NOT NULL,
    division_id  uuid NOT NULL,
    team_id      uuid NOT NULL,
    workout_id   uuid NOT NULL,
    status       text NOT NULL CHECK (status IN ('completed', 'capped', 'dnf', 'dns')),
    value        double precision,
    capped_reps  integer CHECK (capped_reps >= 0),
    tiebreak     double precision,
    points       double precision,
    place        integer CHECK (place >= 1),
    is_published boolean NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT results_team_workout_key UNIQUE (team_id, workout_id),
    CONSTRAINT results_value_only_when_completed CHECK ((status = 'completed') = (value IS NOT NULL)),
    CONSTRAINT results_reps_only_when_capped CHECK ((status = 'capped') = (capped_reps IS NOT NULL))
);

CREATE INDEX results_event_idx ON results (event_id);
CREATE INDEX results_workout_division_idx ON results (workout_id, division_id);
