-- Deleted athlete accounts whose names other services still hold (docs/access.md,
-- "Athletes"): written in the transaction that deletes the account, delivered to
-- competition-svc (ForgetAthlete) by a worker that retries until it is done, so a deletion is
-- never half done because a service was down.
CREATE TABLE athlete_erasures (
    user_id         uuid PRIMARY KEY,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text NOT NULL DEFAULT '',
    done_at         timestamptz
);
CREATE INDEX athlete_erasures_due ON athlete_erasures (next_attempt_at) WHERE done_at IS NULL;
