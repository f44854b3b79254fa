-- Payment instructions (docs/registration.md, "Payment instructions"): the bank details an
-- organiser gives for fees paid by transfer when online payment is off. A new table: older
-- binaries never read it.
CREATE TABLE event_payment_details (
    event_id     uuid PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    bank_details text NOT NULL,
    updated_by   text NOT NULL DEFAULT '',
    updated_at   timestamptz NOT NULL DEFAULT now()
);
