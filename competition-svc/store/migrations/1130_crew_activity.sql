-- Crew changes show in the event's activity feed (docs/crew.md, "Activity"): what happens to a
-- volunteer (sign-up, withdrawal, check-in, a shift or a rotation place given or taken) is a
-- "volunteer" entry with their id, each step of a swap a "swap" entry with the swap's id, so a
-- volunteer's erasure finds every entry that names them.
ALTER TABLE activity DROP CONSTRAINT activity_entity_check;
ALTER TABLE activity ADD CONSTRAINT activity_entity_check
    CHECK (entity IN ('event', 'division', 'team', 'workout', 'grant', 'heat', 'registration', 'invitation',
                      'volunteer', 'swap'));
