-- A mail's sending is recorded before its SMTP conversation begins (internal/platform/mailq,
-- Worker.sendOne): sending_at is set while a sender talks to the server, and a mail found with
-- it set but unlocked was cut off by its sender's death; interrupted counts those attempts, whose
-- mail may have arrived twice. An expand step: the previous release never names either column.
ALTER TABLE mail_outbox
    ADD COLUMN sending_at timestamptz,
    ADD COLUMN interrupted integer NOT NULL DEFAULT 0;
