-- Judge links (docs/judging.md): a session without a user, scoped to some lanes of one
-- workout. The ids name competition-svc's event, workout and heat; they are not foreign keys
-- across schemas. Ending a judge session is ending any session (ended_at).
ALTER TABLE sessions ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE sessions
    ADD COLUMN judge_event_id   uuid,
    ADD COLUMN judge_workout_id uuid,
    ADD COLUMN judge_heat_id    uuid,
    ADD COLUMN judge_lanes      integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN judge_label      text NOT NULL DEFAULT '',
    ADD CONSTRAINT sessions_user_or_judge CHECK (
        (user_id IS NOT NULL AND judge_event_id IS NULL AND judge_workout_id IS NULL)
        OR (user_id IS NULL AND judge_event_id IS NOT NULL AND judge_workout_id IS NOT NULL));
