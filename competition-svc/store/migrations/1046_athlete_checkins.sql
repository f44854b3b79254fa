-- Check-in per athlete (docs/registration.md, "Check-in"): whether the athlete on a roster place
-- is at the venue. The place's account when it was marked (null for a name typed by hand)
-- is kept, so a place another account took since counts as not checked in. No row: not checked
-- in yet. The team's own row (team_checkins) is written in the same transaction.
CREATE TABLE athlete_checkins (
    team_id    uuid NOT NULL,
    event_id   uuid NOT NULL,
    position   integer NOT NULL CHECK (position BETWEEN 1 AND 12),
    athlete_id uuid,
    present    boolean NOT NULL,
    at         timestamptz NOT NULL DEFAULT now(),
    by_actor   text NOT NULL,
    PRIMARY KEY (team_id, position),
    FOREIGN KEY (team_id, event_id) REFERENCES teams (id, event_id) ON DELETE CASCADE
);

CREATE INDEX athlete_checkins_event_idx ON athlete_checkins (event_id);
CREATE INDEX athlete_checkins_account_idx ON athlete_checkins (athlete_id) WHERE athlete_id IS NOT NULL;
