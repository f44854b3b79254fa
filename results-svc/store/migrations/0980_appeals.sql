-- Appeals (docs/competition-day.md): a team disputes its published result within the window
-- its event sets, counted from the result's first publication.
--
-- first_published_at is when the public first saw a result; publishing a pending change later
-- keeps it. Results public before this column existed take their last change as that time.
-- Old binaries leave it empty, which only means no appeal window opens for what they publish.
ALTER TABLE results ADD COLUMN first_published_at timestamptz;
UPDATE results SET first_published_at = updated_at WHERE is_published OR public_status IS NOT NULL;

-- The event's window in minutes; an event without a row takes the default (appeals.go).
CREATE TABLE appeal_windows (
    event_id uuid PRIMARY KEY,
    minutes  integer NOT NULL CHECK (minutes BETWEEN 1 AND 1440)
);

-- One appeal per result: a team appeals a result once. decided_by is the staff member, kept
-- for the console; athletes and the public never see it.
CREATE TABLE appeals (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id        uuid NOT NULL,
    workout_id      uuid NOT NULL,
    team_id         uuid NOT NULL,
    result_id       uuid NOT NULL,
    reason          text NOT NULL,
    video_url       text NOT NULL DEFAULT '',
    filed_by        text NOT NULL,
    -- The athlete's account; null once the account is deleted (filed_by then says so).
    filed_by_id     text,
    filed_at        timestamptz NOT NULL,
    -- The result as it stood when the appeal was filed and, once upheld, as the decision set it.
    before_text     text NOT NULL,
    after_text      text NOT NULL DEFAULT '',
    state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'upheld', 'dismissed')),
    decision_reason text NOT NULL DEFAULT '',
    decided_by      text NOT NULL DEFAULT '',
    decided_at      timestamptz,
    CONSTRAINT appeals_result_key UNIQUE (result_id),
    CONSTRAINT appeals_decided_whole CHECK ((state = 'pending') = (decided_at IS NULL))
);

CREATE INDEX appeals_event_idx ON appeals (event_id, filed_at);
