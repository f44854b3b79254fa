-- The public search's names as stored keys (docs/series.md, "Search"): each name's
-- team_name_key (without case, accents or repeated spaces) is computed once when the row is
-- written, not for every row a search looks at, and the trigram indexes cover the stored key.
-- A search that matches most athletes then reads rows in event order and stops at its limit.
ALTER TABLE events ADD COLUMN name_key text GENERATED ALWAYS AS (team_name_key(name)) STORED;
ALTER TABLE teams
    ADD COLUMN name_key text GENERATED ALWAYS AS (team_name_key(name)) STORED,
    ADD COLUMN athlete1_key text GENERATED ALWAYS AS (team_name_key(athlete1_name)) STORED,
    ADD COLUMN athlete2_key text GENERATED ALWAYS AS (team_name_key(athlete2_name)) STORED;

DROP INDEX events_name_search, teams_name_search, teams_athlete1_search, teams_athlete2_search;
CREATE INDEX events_name_search ON events USING gin (name_key gin_trgm_ops);
CREATE INDEX teams_name_search ON teams USING gin (name_key gin_trgm_ops);
CREATE INDEX teams_athlete1_search ON teams USING gin (athlete1_key gin_trgm_ops);
CREATE INDEX teams_athlete2_search ON teams USING gin (athlete2_key gin_trgm_ops);
