-- The captain's club and country as their athlete profile gave them when they registered
-- (docs/boards.md): the board of the team made from the registration filters on them. A snapshot,
-- so a board of 100,000 teams never asks auth-svc for 100,000 profiles.
ALTER TABLE registrations
    ADD COLUMN captain_club    text NOT NULL DEFAULT '',
    ADD COLUMN captain_country text NOT NULL DEFAULT '';
