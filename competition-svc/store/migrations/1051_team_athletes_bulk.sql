-- New teams' two names become their roster in one statement per insert, not a trigger call per
-- team: a division's whole CSV import (100,000 teams, docs/boards.md "Team imports") spent most
-- of its time in the per-row trigger of 0940_rosters.sql. What a new team gets is the same:
-- place 1 and 2 from its names (an empty name: no place), the first named place the captain.
-- A change of the names keeps the per-row trigger.
-- Applied with search_path set to the schema "competition".

DROP TRIGGER team_athletes_follow_names ON teams;

CREATE TRIGGER team_athletes_follow_names AFTER UPDATE OF athlete1_name, athlete2_name ON teams
    FOR EACH ROW EXECUTE FUNCTION team_athletes_follow_names();

CREATE FUNCTION team_athletes_of_new_teams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO competition.team_athletes (team_id, position, name, captain)
    SELECT n.id, p.pos, p.name, p.pos = 1 OR n.athlete1_name = ''
    FROM new_rows n CROSS JOIN LATERAL (VALUES (1, n.athlete1_name), (2, n.athlete2_name)) AS p(pos, name)
    WHERE p.name <> '';
    RETURN NULL;
END $$;

CREATE TRIGGER team_athletes_of_new_teams AFTER INSERT ON teams
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_athletes_of_new_teams();
