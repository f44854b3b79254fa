-- The schedule as it runs (docs/competition-day.md, "The schedule as it runs"): start_time is a
-- heat's current start, which a schedule shift moves; planned_start is the start the organiser
-- set (created, generated, imported or re-timed by hand), which a shift keeps, so every screen
-- can show the planned time struck through beside the current one.
-- Expanded, not made NOT NULL: the previous release, serving during a rolling upgrade, inserts
-- heats without it, so a trigger gives those their start as planned (docs/operations.md,
-- "Rolling upgrades"); every row has one.
ALTER TABLE heats ADD COLUMN planned_start timestamptz;
UPDATE heats SET planned_start = start_time;
CREATE FUNCTION heats_planned_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.planned_start IS NULL THEN
        NEW.planned_start := NEW.start_time;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER heats_planned_start BEFORE INSERT ON heats
    FOR EACH ROW EXECUTE FUNCTION heats_planned_start();

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
