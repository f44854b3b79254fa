-- Roster places carry the athletes' accounts (docs/rosters.md): registration now writes its
-- captain's and partner's accounts on places 1 and 2 with the team. Places written before,
-- by the names trigger of 0940_rosters.sql, have none: they get their registration's, unless
-- the athlete was erased ("Former athlete" on either side), as 0940 did for the teams then.
UPDATE team_athletes a SET athlete_id = r.captain_id
FROM registrations r
WHERE r.team_id = a.team_id AND a.position = 1 AND a.athlete_id IS NULL AND r.captain_id IS NOT NULL
  AND r.captain_name <> 'Former athlete' AND a.name <> 'Former athlete';

UPDATE team_athletes a SET athlete_id = r.partner_id
FROM registrations r
WHERE r.team_id = a.team_id AND a.position = 2 AND a.athlete_id IS NULL AND r.partner_id IS NOT NULL
  AND r.partner_name <> 'Former athlete' AND a.name <> 'Former athlete';
