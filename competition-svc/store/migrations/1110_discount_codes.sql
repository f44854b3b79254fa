-- Discount codes (docs/registration.md, "Discount codes"): an event's codes, each a percentage
-- or a fixed amount off the entry fee, with an optional limit of uses, an expiry and the
-- divisions it is for (none listed: every division). uses counts redemptions; the check keeps
-- it within max_uses whatever the application does, so a hundred athletes redeeming at once
-- never pass the limit. A registration keeps the code it redeemed and the amount taken off:
-- its fee_cents stays what the team owes (and pays, and is refunded from), so the previous
-- release, which reads fee_cents only, charges the discounted price too. New table and added
-- columns with defaults: expand-only.
CREATE TABLE discount_codes (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id         uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    -- Stored as typed; compared without case.
    code             text NOT NULL CHECK (length(code) BETWEEN 3 AND 32),
    percent_off      integer NOT NULL DEFAULT 0 CHECK (percent_off BETWEEN 0 AND 100),
    amount_off_cents integer NOT NULL DEFAULT 0 CHECK (amount_off_cents >= 0),
    max_uses         integer CHECK (max_uses > 0),
    uses             integer NOT NULL DEFAULT 0 CHECK (uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)),
    expires_at       timestamptz,
    division_ids     uuid[] NOT NULL DEFAULT '{}',
    created_by       text NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    -- One kind of discount: a percentage or an amount.
    CHECK ((percent_off > 0) <> (amount_off_cents > 0))
);
CREATE UNIQUE INDEX discount_codes_event_code ON discount_codes (event_id, upper(code));

ALTER TABLE registrations
    ADD COLUMN discount_code  text NOT NULL DEFAULT '',
    -- Taken off the division's fee: fee_cents + discount_cents is the fee before the discount.
    ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);
