-- Refund policy and withdrawal refunds (docs/registration.md, "Refunds"): an event's policy
-- (full until a date, a percentage until a later one, none after), and on each registration the
-- amount a refund gives back and whether it is paid back by hand (a fee taken in cash or by
-- transfer) rather than by Stripe. A new table and added columns with defaults: older binaries
-- neither read nor mind them.
CREATE TABLE event_refund_policies (
    event_id        uuid PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    full_until      timestamptz,
    partial_until   timestamptz,
    partial_percent integer NOT NULL DEFAULT 0 CHECK (partial_percent BETWEEN 0 AND 100),
    updated_by      text NOT NULL DEFAULT '',
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CHECK (full_until IS NULL OR partial_until IS NULL OR partial_until > full_until)
);

ALTER TABLE registrations
    -- What the refund decided gives back (at most the fee paid).
    ADD COLUMN refund_cents   integer NOT NULL DEFAULT 0 CHECK (refund_cents >= 0),
    -- The fee was taken by hand: the organiser pays it back and marks it refunded.
    ADD COLUMN refund_by_hand boolean NOT NULL DEFAULT false,
    ADD COLUMN refunded_by    text NOT NULL DEFAULT '';
-- Refunds decided before this migration gave the whole fee back.
UPDATE registrations SET refund_cents = fee_cents WHERE refund_requested_at IS NOT NULL;

-- A refund larger than the fee paid is impossible, whatever the application does.
ALTER TABLE registrations ADD CONSTRAINT registrations_refund_not_above_fee CHECK (refund_cents <= fee_cents);

