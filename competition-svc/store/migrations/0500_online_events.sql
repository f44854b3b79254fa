-- Online qualifiers (docs/qualifiers.md): an event is in_person or online; an online event's
-- workouts are released at a time and take submissions until a deadline, shown in the event's
-- time zone. Applied with search_path set to the schema "competition".
ALTER TABLE events
    ADD COLUMN format text NOT NULL DEFAULT 'in_person' CHECK (format IN ('in_person', 'online')),
    ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';

ALTER TABLE workouts
    ADD COLUMN release_at timestamptz,
    ADD COLUMN submission_deadline timestamptz,
    ADD COLUMN video_required boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT workouts_submission_window CHECK ((release_at IS NULL) = (submission_deadline IS NULL)
        AND (release_at IS NULL OR release_at < submission_deadline));
