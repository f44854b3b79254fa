-- Online payment with Stripe (docs/registration.md, "Payment"): a refund deadline per
-- division, what a registration's payment and refund are at Stripe, the payment outbox that
-- calls Stripe outside any transaction, and the Stripe events already applied.

ALTER TABLE registration_settings ADD COLUMN refund_deadline timestamptz;

ALTER TABLE registrations
    ADD COLUMN checkout_session_id text NOT NULL DEFAULT '',
    ADD COLUMN checkout_url        text NOT NULL DEFAULT '',
    ADD COLUMN checkout_expires_at timestamptz,
    ADD COLUMN payment_intent_id   text NOT NULL DEFAULT '',
    -- A refund decided (the job is queued) and done (Stripe took it).
    ADD COLUMN refund_requested_at timestamptz,
    ADD COLUMN refund_requested_by text NOT NULL DEFAULT '',
    ADD COLUMN refunded_at         timestamptz,
    ADD COLUMN refund_id           text NOT NULL DEFAULT '';

-- The calls to Stripe: written in the transaction that decides them, made by the payment
-- worker outside any transaction with the job's id as Stripe's idempotency key, so a retry
-- after a failure or a crash never pays or refunds twice, and nothing is lost while Stripe is
-- down.
CREATE TABLE payment_outbox (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    registration_id uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
    kind            text NOT NULL CHECK (kind IN ('checkout', 'refund')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text NOT NULL DEFAULT '',
    done_at         timestamptz
);
CREATE INDEX payment_outbox_due ON payment_outbox (next_attempt_at) WHERE done_at IS NULL;
-- One open job of a kind per registration.
CREATE UNIQUE INDEX payment_outbox_open ON payment_outbox (registration_id, kind) WHERE done_at IS NULL;

-- Every Stripe event applied, by its id: a replayed event is acknowledged and changes nothing.
CREATE TABLE stripe_events (
    id          text PRIMARY KEY,
    type        text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
