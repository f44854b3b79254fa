-- results-svc's outgoing mail (internal/platform/mailq): the submission mails (received,
-- accepted, adjusted, rejected), written in the transaction of the submission or review that
-- causes them, sent and retried by the mail worker, read by admins on the Outbox page. The
-- columns are every sending service's (competition-svc's 0341_mail_outbox.sql).
CREATE TABLE mail_outbox (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    to_address      text NOT NULL,
    subject         text NOT NULL,
    body_text       text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text NOT NULL DEFAULT '',
    sent_at         timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_created ON mail_outbox (created_at DESC);
