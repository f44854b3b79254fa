-- Rosters (docs/rosters.md): a division says how many athletes a team has (1: individuals, 2:
-- pairs, the default, up to 8), how many substitutes it may add, and optionally how many of
-- each category it needs and an age range on a date; a team is an ordered list of athletes
-- with a captain. The two name columns of teams stay: the previous release reads and writes
-- them, and a trigger keeps the roster's first two places equal to them, so a rolling upgrade
-- loses nothing whichever binary writes.

ALTER TABLE divisions
    ADD COLUMN team_size integer NOT NULL DEFAULT 2 CHECK (team_size BETWEEN 1 AND 8),
    ADD COLUMN substitutes integer NOT NULL DEFAULT 0 CHECK (substitutes BETWEEN 0 AND 4),
    -- [{"category": "women", "count": 2}, …]: every category's count; empty: none asked.
    ADD COLUMN composition jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(composition) = 'array'),
    -- An age range in whole years on age_on (each bound optional); the birth date is then
    -- required on every athlete.
    ADD COLUMN age_min integer CHECK (age_min BETWEEN 0 AND 120),
    ADD COLUMN age_max integer CHECK (age_max BETWEEN 0 AND 120),
    ADD COLUMN age_on date,
    ADD CONSTRAINT divisions_age_range_check CHECK ((age_min IS NULL AND age_max IS NULL) = (age_on IS NULL)),
    ADD CONSTRAINT divisions_age_order_check CHECK (age_min IS NULL OR age_max IS NULL OR age_min <= age_max);

-- Until then a team's captain changes its roster; after it, only an organiser (null: never).
ALTER TABLE events ADD COLUMN roster_lock_at timestamptz;

-- A team's athletes in order (position 1, 2, …: the starting athletes, then substitutes).
-- Positions may leave gaps (a pair with only its second name typed keeps it second).
CREATE TABLE team_athletes (
    team_id    uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    position   integer NOT NULL CHECK (position BETWEEN 1 AND 12),
    name       text NOT NULL CHECK (name <> ''),
    -- The athlete's account when the place was taken through registration.
    athlete_id uuid,
    category   text NOT NULL DEFAULT '',
    birth_date date,
    substitute boolean NOT NULL DEFAULT false,
    captain    boolean NOT NULL DEFAULT false,
    PRIMARY KEY (team_id, position)
);

CREATE UNIQUE INDEX team_athletes_one_captain ON team_athletes (team_id) WHERE captain;
CREATE INDEX team_athletes_account_idx ON team_athletes (athlete_id) WHERE athlete_id IS NOT NULL;

-- Every existing team's names, with the accounts of the registration it was made from
-- (captain first, partner second) unless erased; the first athlete is the captain.
INSERT INTO team_athletes (team_id, position, name, athlete_id, captain)
SELECT t.id, 1, t.athlete1_name,
       CASE WHEN r.captain_name <> 'Former athlete' AND t.athlete1_name <> 'Former athlete' THEN r.captain_id END,
       true
FROM teams t LEFT JOIN registrations r ON r.team_id = t.id
WHERE t.athlete1_name <> '';

INSERT INTO team_athletes (team_id, position, name, athlete_id, captain)
SELECT t.id, 2, t.athlete2_name,
       CASE WHEN r.partner_name <> 'Former athlete' AND t.athlete2_name <> 'Former athlete' THEN r.partner_id END,
       t.athlete1_name = ''
FROM teams t LEFT JOIN registrations r ON r.team_id = t.id
WHERE t.athlete2_name <> '';

-- The previous release (and every write of the two columns) keeps the roster's first two
-- places: a new name replaces the place's name, an empty one removes the place, and an erased
-- athlete ("Former athlete") leaves no account and no birth date behind.
CREATE FUNCTION team_athletes_follow_names() RETURNS trigger
    LANGUAGE plpgsql
AS $$
DECLARE
    pos int;
    new_name text;
    old_name text;
BEGIN
    FOR pos IN 1..2 LOOP
        new_name := CASE pos WHEN 1 THEN NEW.athlete1_name ELSE NEW.athlete2_name END;
        old_name := CASE WHEN TG_OP = 'INSERT' THEN NULL
                         WHEN pos = 1 THEN OLD.athlete1_name ELSE OLD.athlete2_name END;
        CONTINUE WHEN new_name IS NOT DISTINCT FROM old_name;
        IF new_name = '' THEN
            DELETE FROM competition.team_athletes WHERE team_id = NEW.id AND position = pos;
        ELSE
            INSERT INTO competition.team_athletes (team_id, position, name, captain)
            VALUES (NEW.id, pos, new_name,
                    NOT EXISTS (SELECT 1 FROM competition.team_athletes WHERE team_id = NEW.id AND captain))
            ON CONFLICT (team_id, position) DO UPDATE SET name = EXCLUDED.name,
                athlete_id = CASE WHEN EXCLUDED.name = 'Former athlete' THEN NULL ELSE team_athletes.athlete_id END,
                birth_date = CASE WHEN EXCLUDED.name = 'Former athlete' THEN NULL ELSE team_athletes.birth_date END;
        END IF;
    END LOOP;
    RETURN NULL;
END
$$;

CREATE TRIGGER team_athletes_follow_names AFTER INSERT OR UPDATE OF athlete1_name, athlete2_name ON teams
    FOR EACH ROW EXECUTE FUNCTION team_athletes_follow_names();
