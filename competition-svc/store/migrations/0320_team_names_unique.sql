-- A team's name is unique in its division, compared without case, accents or repeated spaces
-- ("Barbell Bandits", "barbell  bandits" and "Bärbell Bandits" are one name). team_name_key is
-- that comparison, the one home of the rule: the unique index below enforces it for every
-- write, and competition-svc asks it which names of a request clash (store/teams.go).
CREATE FUNCTION team_name_key(name text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
    SELECT lower(regexp_replace(regexp_replace(normalize(name, NFD),
        '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
        '\s+', ' ', 'g'))
$$;

-- Teams created before the rule may share a name. They keep it with a number after it
-- ("Dup Team (2)"), oldest first, so the index can be built; the event's activity says so.
DO $$
DECLARE
    t record;
    n int;
    candidate text;
BEGIN
    FOR t IN
        SELECT x.id, x.event_id, x.division_id, x.name, d.name AS division_name
        FROM (SELECT tm.*, row_number() OVER (PARTITION BY tm.division_id, team_name_key(tm.name)
                                           ORDER BY tm.created_at, tm.id) AS rank
              FROM teams tm) x
        JOIN divisions d ON d.id = x.division_id
        WHERE x.rank > 1
        ORDER BY x.division_id, x.created_at, x.id
    LOOP
        n := 2;
        LOOP
            candidate := t.name || ' (' || n || ')';
            EXIT WHEN NOT EXISTS (SELECT 1 FROM teams o WHERE o.division_id = t.division_id
                                  AND team_name_key(o.name) = team_name_key(candidate));
            n := n + 1;
        END LOOP;
        UPDATE teams SET name = candidate, updated_at = now() WHERE id = t.id;
        INSERT INTO activity (event_id, actor, action, entity, entity_id, summary)
        VALUES (t.event_id, 'system', 'updated', 'team', t.id,
                format('Team %s renamed to %s: another team in %s has the same name', t.name, candidate, t.division_name));
    END LOOP;
END
$$;

CREATE UNIQUE INDEX teams_division_name_key ON teams (division_id, team_name_key(name));
