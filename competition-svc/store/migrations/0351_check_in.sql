-- Check-in on the day (docs/registration.md, "Check-in"): whether a team is at the venue, who
-- said so and when. No row: not checked in yet. Heat generation can seat only present teams.
CREATE TABLE team_checkins (
    team_id    uuid PRIMARY KEY,
    event_id   uuid NOT NULL,
    present    boolean NOT NULL,
    at         timestamptz NOT NULL DEFAULT now(),
    by_actor   text NOT NULL,
    FOREIGN KEY (team_id, event_id) REFERENCES teams (id, event_id) ON DELETE CASCADE
);

CREATE INDEX team_checkins_event_idx ON team_checkins (event_id);
