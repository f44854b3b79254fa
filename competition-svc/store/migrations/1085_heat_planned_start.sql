-- The schedule as it runs (docs/competition-day.md, "The schedule as it runs"): start_time is a
-- heat's current start, which a schedule shift moves; planned_start is the start the organiser
-- set (created, generated, imported or re-timed by hand), which a shift keeps, so every screen
-- can show the planned time struck through beside the current one.
ALTER TABLE heats ADD COLUMN planned_start timestamptz;
UPDATE heats SET planned_start = start_time;
ALTER TABLE heats ALTER COLUMN planned_start SET NOT NULL;

-- Heat reminders (docs/competition-day.md, "Reminders"): the athletes who asked for a mail
-- before each of their heats (one row an account, the choice follows the athlete across
-- events), and the reminders sent, one row per heat, athlete and lead time, so a reminder is
-- mailed once whatever restarts or replicas (the worker inserts the row in the transaction that
-- queues the mail).
CREATE TABLE heat_reminder_optins (
    athlete_id uuid PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE heat_reminders_sent (
    heat_id      uuid NOT NULL REFERENCES heats (id) ON DELETE CASCADE,
    athlete_id   uuid NOT NULL,
    lead_minutes integer NOT NULL,
    sent_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (heat_id, athlete_id, lead_minutes)
);
CREATE INDEX heat_reminders_sent_athlete ON heat_reminders_sent (athlete_id);
