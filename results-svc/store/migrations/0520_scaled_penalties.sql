-- Scaled inside a division and penalties (docs/scoring.md): a result is Rx (scaled false) or
-- Scaled, and may carry one penalty: time added (seconds), reps deducted or points deducted,
-- with its reason. A pending change keeps the published ones in public_* like the values, and
-- the history keeps them before and after.
ALTER TABLE results
    ADD COLUMN scaled         boolean NOT NULL DEFAULT false,
    ADD COLUMN penalty_kind   text CHECK (penalty_kind IN ('time', 'reps', 'points')),
    ADD COLUMN penalty_amount double precision CHECK (penalty_amount > 0),
    ADD COLUMN penalty_reason text,
    ADD COLUMN public_scaled         boolean,
    ADD COLUMN public_penalty_kind   text,
    ADD COLUMN public_penalty_amount double precision,
    ADD COLUMN public_penalty_reason text,
    ADD CONSTRAINT results_penalty_whole CHECK (
        (penalty_kind IS NULL) = (penalty_amount IS NULL) AND (penalty_kind IS NULL) = (penalty_reason IS NULL));

ALTER TABLE result_history
    ADD COLUMN before_scaled         boolean,
    ADD COLUMN before_penalty_kind   text,
    ADD COLUMN before_penalty_amount double precision,
    ADD COLUMN before_penalty_reason text,
    ADD COLUMN after_scaled          boolean,
    ADD COLUMN after_penalty_kind    text,
    ADD COLUMN after_penalty_amount  double precision,
    ADD COLUMN after_penalty_reason  text;
