-- dq: a team disqualified from a workout (docs/scoring.md): no value, no reps, no place, 0
-- points; it stays in the standings. Applied with search_path set to the schema "results".
ALTER TABLE results DROP CONSTRAINT results_status_check,
    ADD CONSTRAINT results_status_check CHECK (status IN ('completed', 'capped', 'dnf', 'dns', 'dq'));
ALTER TABLE results DROP CONSTRAINT results_public_status_check,
    ADD CONSTRAINT results_public_status_check CHECK (public_status IN ('completed', 'capped', 'dnf', 'dns', 'dq'));
