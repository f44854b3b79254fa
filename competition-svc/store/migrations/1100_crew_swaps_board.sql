-- Swaps and the day-of board of the crew (docs/crew.md, "Swaps", "The day-of board").
-- A swap hands one place of a volunteer (a shift they work, or a lane of the rotation) to
-- another volunteer of the event: proposed by the first, accepted by the second, approved by
-- the organiser; only the approval changes the assignment. checked_in_at is when a volunteer
-- was checked in at the venue on the day (null: not yet). New table and a nullable column
-- only: older binaries neither read nor miss them.
CREATE TABLE crew_swaps (
    id             uuid PRIMARY KEY,
    event_id       uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    from_volunteer uuid NOT NULL REFERENCES volunteers (id) ON DELETE CASCADE,
    to_volunteer   uuid NOT NULL REFERENCES volunteers (id) ON DELETE CASCADE,
    shift_id       uuid REFERENCES crew_shifts (id) ON DELETE CASCADE,
    heat_id        uuid REFERENCES heats (id) ON DELETE CASCADE,
    lane           int CHECK (lane >= 0),
    status         text NOT NULL CHECK (status IN ('proposed', 'accepted', 'declined', 'approved', 'refused')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    decided_at     timestamptz,
    CHECK ((shift_id IS NOT NULL AND heat_id IS NULL AND lane IS NULL)
        OR (shift_id IS NULL AND heat_id IS NOT NULL AND lane IS NOT NULL))
);
CREATE INDEX crew_swaps_event ON crew_swaps (event_id, created_at);
CREATE INDEX crew_swaps_from ON crew_swaps (from_volunteer);
CREATE INDEX crew_swaps_to ON crew_swaps (to_volunteer);
-- One open swap per place: a second proposal of the same place waits for the first's answer.
CREATE UNIQUE INDEX crew_swaps_open_shift ON crew_swaps (shift_id, from_volunteer) WHERE status IN ('proposed', 'accepted') AND shift_id IS NOT NULL;
CREATE UNIQUE INDEX crew_swaps_open_place ON crew_swaps (heat_id, lane) WHERE status IN ('proposed', 'accepted') AND heat_id IS NOT NULL;

ALTER TABLE volunteers ADD COLUMN checked_in_at timestamptz;
