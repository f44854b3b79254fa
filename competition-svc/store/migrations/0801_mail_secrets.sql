-- Mails whose text carries a secret for its recipient alone (a confirmation or reset link, an
-- invitation's code) are marked, so staff never read the secret once a mail server is
-- configured nor after the mail was sent (the worker blanks the text then); without a mail
-- server the Outbox shows it and every reading is kept (docs/operations.md, "Mail").
ALTER TABLE mail_outbox ADD COLUMN secret boolean NOT NULL DEFAULT false;

-- Who read a secret mail's text on the Outbox page: first and last time, and how often (the
-- page reads the queue again every few seconds while it is open).
CREATE TABLE mail_link_readings (
    mail_id       uuid NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
    reader_id     text NOT NULL,
    reader        text NOT NULL,
    first_read_at timestamptz NOT NULL DEFAULT now(),
    last_read_at  timestamptz NOT NULL DEFAULT now(),
    times         integer NOT NULL DEFAULT 1,
    PRIMARY KEY (mail_id, reader_id)
);
