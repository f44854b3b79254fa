-- Registration by team size (docs/rosters.md, "Registration by size"): a division of pairs keeps
-- its captain and partner columns; every other size keeps the places after the captain's here,
-- one row per place (an individual has none). A place is open until an athlete takes it with
-- the share code or their invitation; an email reserves it for that address.
ALTER TABLE registrations
    -- The captain's category and birth date, when the division asks for them.
    ADD COLUMN captain_category   text NOT NULL DEFAULT '',
    ADD COLUMN captain_birth_date date,
    -- Who confirmed an incomplete roster by hand ('' : nobody).
    ADD COLUMN roster_confirmed_by text NOT NULL DEFAULT '';

CREATE TABLE registration_places (
    registration_id uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
    -- 2, 3, …: the starting places after the captain's, then the substitutes.
    position   integer NOT NULL CHECK (position BETWEEN 2 AND 12),
    -- The address the place's invitation went to ('' : anyone with the share code).
    email      text NOT NULL DEFAULT '',
    -- The athlete's account once they accepted; a name the captain typed has none.
    athlete_id uuid,
    name       text NOT NULL DEFAULT '',
    category   text NOT NULL DEFAULT '',
    birth_date date,
    substitute boolean NOT NULL DEFAULT false,
    PRIMARY KEY (registration_id, position),
    CHECK (athlete_id IS NULL OR name <> '')
);

CREATE INDEX registration_places_athlete_idx ON registration_places (athlete_id) WHERE athlete_id IS NOT NULL;
