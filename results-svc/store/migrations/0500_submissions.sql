-- Online qualifiers (docs/qualifiers.md): a team's submission for an online workout, one per
-- team and workout, changed in place until the deadline. Its values are the team's result
-- (results.results, whose history records every change); this row adds what a result does
-- not hold: the video link, who submitted and when, and the review.
CREATE TABLE submissions (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id      uuid NOT NULL,
    division_id   uuid NOT NULL,
    team_id       uuid NOT NULL,
    workout_id    uuid NOT NULL,
    status        text NOT NULL CHECK (status IN ('completed', 'capped', 'dnf', 'dns', 'dq')),
    value         double precision,
    capped_reps   integer,
    tiebreak      double precision,
    video_url     text NOT NULL DEFAULT '',
    submitted_by  text NOT NULL,
    submitted_at  timestamptz NOT NULL,
    review_state  text NOT NULL DEFAULT 'unreviewed'
                  CHECK (review_state IN ('unreviewed', 'accepted', 'adjusted', 'rejected')),
    -- What the athletes see of a review; internal_note they never see.
    review_reason text NOT NULL DEFAULT '',
    internal_note text NOT NULL DEFAULT '',
    reviewed_by   text NOT NULL DEFAULT '',
    reviewed_at   timestamptz,
    CONSTRAINT submissions_team_workout_key UNIQUE (team_id, workout_id)
);

CREATE INDEX submissions_queue_idx ON submissions (workout_id, review_state, submitted_at);
CREATE INDEX submissions_event_idx ON submissions (event_id);
