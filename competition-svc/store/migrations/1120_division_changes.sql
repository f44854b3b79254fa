-- Division changes on request (docs/registration.md, "Division changes"): the team's captain
-- asks to move the registration to another division of the event; the organiser approves
-- (the move, its price difference paid or refunded, in one transaction) or refuses with a
-- reason. One open request per registration. owed_cents is a price difference still to pay on
-- top of a fee already paid (a dearer division): paying it adds it to fee_cents, so fee_cents
-- stays what was paid. A new table and an added column with a default: expand-only.
CREATE TABLE division_change_requests (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    registration_id  uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
    from_division_id uuid NOT NULL,
    to_division_id   uuid NOT NULL REFERENCES divisions (id) ON DELETE CASCADE,
    note             text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
    requested_by     text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    -- approved, refused (with a reason) or cancelled (by the captain); NULL while open.
    decided_at       timestamptz,
    decided_by       text NOT NULL DEFAULT '',
    outcome          text NOT NULL DEFAULT '' CHECK (outcome IN ('', 'approved', 'refused', 'cancelled')),
    reason           text NOT NULL DEFAULT '',
    -- What the approval changed the price by (positive: owed; negative: refunded).
    difference_cents integer NOT NULL DEFAULT 0,
    CHECK ((decided_at IS NULL) = (outcome = ''))
);

-- One open request per registration.
CREATE UNIQUE INDEX division_change_requests_open ON division_change_requests (registration_id)
    WHERE decided_at IS NULL;

ALTER TABLE registrations
    ADD COLUMN owed_cents integer NOT NULL DEFAULT 0 CHECK (owed_cents >= 0);
