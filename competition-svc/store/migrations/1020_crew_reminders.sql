-- The shift reminders (docs/crew.md, "Reminders"): a volunteer is mailed 48 and 24 hours
-- before each shift they work, once each. The worker sets reminded_*_at in the transaction that
-- queues the mail, so with any number of replicas each goes once. assigned_at (the service's
-- clock) keeps a volunteer put on a shift less than 48 hours ahead from an "in two days" mail;
-- rows from before this migration have none and count as assigned long ago. New nullable
-- columns only: older binaries neither read nor miss them.
ALTER TABLE crew_assignments
    ADD COLUMN assigned_at     timestamptz,
    ADD COLUMN reminded_48h_at timestamptz,
    ADD COLUMN reminded_24h_at timestamptz;
CREATE INDEX crew_shifts_starts ON crew_shifts (starts_at);
