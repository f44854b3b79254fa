-- Transfers of a registration's place to another athlete (docs/registration.md, "Transfers"):
-- the athlete holding the place (or the team's captain, or an organiser) names the new
-- athlete's address; the new athlete accepts by the mailed link, and only then, in one
-- transaction, takes the place from the athlete who holds it: the place never sits empty. Only
-- the link key's SHA-256 is kept. A new table: older binaries neither read nor mind it.
CREATE TABLE registration_transfers (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    registration_id uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
    -- The place: 1 the captain's, 2 a pair's partner's, else a place of registration_places.
    position        integer NOT NULL CHECK (position BETWEEN 1 AND 12),
    -- Who held the place when it was offered (the transfer ends if someone else holds it).
    from_athlete_id uuid NOT NULL,
    to_email        text NOT NULL,
    key_hash        bytea NOT NULL UNIQUE,
    offered_by      text NOT NULL,
    -- An organiser's offer may be accepted after the event's roster lock.
    by_organiser    boolean NOT NULL DEFAULT false,
    expires_at      timestamptz NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    -- accepted, cancelled (by the athlete, captain or organiser) or replaced (a new offer for
    -- the place); NULL while open.
    ended_at        timestamptz,
    outcome         text NOT NULL DEFAULT '' CHECK (outcome IN ('', 'accepted', 'cancelled', 'replaced'))
);

-- One open offer per place.
CREATE UNIQUE INDEX registration_transfers_open ON registration_transfers (registration_id, position)
    WHERE ended_at IS NULL;
