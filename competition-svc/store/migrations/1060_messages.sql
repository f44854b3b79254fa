-- Messages (docs/competition-day.md, "Messages"): what an organiser sent to a group of an
-- event, and to whom, resolved once when it was sent. New tables only: older binaries never
-- read them.

-- One message: the group it went to (audience, and the division or heat it named), its text,
-- who sent it and when.
CREATE TABLE messages (
    id             uuid PRIMARY KEY,
    -- The order of sending, for messages sent at the same instant.
    seq            bigint GENERATED ALWAYS AS IDENTITY,
    event_id       uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    audience       text NOT NULL CHECK (audience IN ('all', 'division', 'heat', 'judges', 'waiver_missing', 'payment_missing')),
    audience_label text NOT NULL,
    target_id      uuid,
    subject        text NOT NULL,
    body           text NOT NULL,
    sent_by        text NOT NULL DEFAULT '',
    sent_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_event_idx ON messages (event_id, sent_at DESC, seq DESC);

-- One recipient of a message: an athlete of a registration, or a judge of the crew. name and
-- email go when the athlete's account is deleted (store.forgetMessages).
CREATE TABLE message_recipients (
    message_id      uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    position        int NOT NULL,
    registration_id uuid,
    athlete_id      uuid,
    name            text NOT NULL,
    email           text NOT NULL,
    PRIMARY KEY (message_id, position)
);
CREATE INDEX message_recipients_athlete_idx ON message_recipients (athlete_id);
