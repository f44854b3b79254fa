-- The online leaderboard option (docs/qualifiers.md, "The online leaderboard"): whether the
-- public board shows a submitted score at once, marked unreviewed, or only once it is
-- published. The organiser's publication decision, made ahead of time; off by default.
ALTER TABLE events
    ADD COLUMN show_unreviewed boolean NOT NULL DEFAULT false;
