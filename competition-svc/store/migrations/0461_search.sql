-- The public site's search (docs/series.md, "Search"): names of events, teams and athletes
-- found by any part, without case or accents (team_name_key, the names' one comparison). The
-- trigram indexes answer a substring match on 100,000 athletes in milliseconds.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA competition;

CREATE INDEX events_name_search ON events USING gin (team_name_key(name) gin_trgm_ops);
CREATE INDEX teams_name_search ON teams USING gin (team_name_key(name) gin_trgm_ops);
CREATE INDEX teams_athlete1_search ON teams USING gin (team_name_key(athlete1_name) gin_trgm_ops);
CREATE INDEX teams_athlete2_search ON teams USING gin (team_name_key(athlete2_name) gin_trgm_ops);
