-- The leaderboard freeze of an online event (docs/qualifiers.md, "The leaderboard freeze"): while
-- an event has a row here, the public board serves the standings kept in it (the
-- podium.results.v1.EventStandings the public board showed at the freeze, protobuf-encoded)
-- instead of the live ones. Unfreezing deletes the row.
CREATE TABLE leaderboard_freezes (
    event_id  uuid PRIMARY KEY,
    standings bytea NOT NULL,
    frozen_at timestamptz NOT NULL,
    frozen_by text NOT NULL
);

-- Each freeze and unfreeze, with who and when, for the event's activity feed. Its ids come from
-- the result history's sequence: both are results-svc's entries of the feed (one source, ordered
-- by time then id, internal/platform/feed), so an id names one entry of either table.
CREATE TABLE leaderboard_freeze_log (
    id       bigint PRIMARY KEY DEFAULT nextval(pg_get_serial_sequence('results.result_history', 'id')),
    event_id uuid NOT NULL,
    at       timestamptz NOT NULL,
    actor    text NOT NULL,
    action   text NOT NULL CHECK (action IN ('frozen', 'unfrozen'))
);

CREATE INDEX leaderboard_freeze_log_event_idx ON leaderboard_freeze_log (event_id, at DESC, id DESC);
