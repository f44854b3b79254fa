-- Invitations from an online qualifier to its in-person final (docs/qualifiers.md,
-- "Invitations to the final").

-- The qualifier's final: one per qualifier, with the days an invited team has to accept.
CREATE TABLE final_links (
    qualifier_event_id uuid PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    final_event_id     uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    accept_days        integer NOT NULL CHECK (accept_days BETWEEN 1 AND 60),
    updated_by         text NOT NULL,
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CHECK (qualifier_event_id <> final_event_id)
);

-- Where each division of the qualifier sends its invited teams.
CREATE TABLE final_division_links (
    qualifier_division_id uuid PRIMARY KEY REFERENCES divisions (id) ON DELETE CASCADE,
    qualifier_event_id    uuid NOT NULL REFERENCES final_links (qualifier_event_id) ON DELETE CASCADE,
    final_division_id     uuid NOT NULL REFERENCES divisions (id) ON DELETE CASCADE
);

-- An invitation holds a place of the final's division while it is 'invited' (CountPlaces
-- counts it); accepting moves the place to the team's registration in the final.
CREATE TABLE final_invitations (
    id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    qualifier_event_id    uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    qualifier_division_id uuid NOT NULL REFERENCES divisions (id) ON DELETE CASCADE,
    final_event_id        uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    final_division_id     uuid NOT NULL REFERENCES divisions (id) ON DELETE CASCADE,
    -- The qualifier's team, kept by id and name (the team may go; the invitation stays).
    team_id               uuid NOT NULL,
    team_name             text NOT NULL,
    rank                  integer NOT NULL DEFAULT 0,
    captain_id            uuid NOT NULL,
    captain_name          text NOT NULL,
    captain_email         text NOT NULL,
    partner_id            uuid NOT NULL,
    partner_name          text NOT NULL,
    partner_email         text NOT NULL,
    state                 text NOT NULL CHECK (state IN ('invited', 'accepted', 'declined', 'expired')),
    deadline              timestamptz NOT NULL,
    -- When the "about to expire" mail was queued.
    reminded_at           timestamptz,
    registration_id       uuid REFERENCES registrations (id) ON DELETE SET NULL,
    invited_by            text NOT NULL,
    invited_at            timestamptz NOT NULL,
    decided_by            text NOT NULL DEFAULT '',
    decided_at            timestamptz,
    -- A team is invited to a division of the final once, whatever becomes of it.
    UNIQUE (final_division_id, team_id)
);

CREATE INDEX final_invitations_qualifier_idx ON final_invitations (qualifier_event_id);
CREATE INDEX final_invitations_due_idx ON final_invitations (deadline) WHERE state = 'invited';
CREATE INDEX final_invitations_captain_idx ON final_invitations (captain_id);
CREATE INDEX final_invitations_partner_idx ON final_invitations (partner_id);
