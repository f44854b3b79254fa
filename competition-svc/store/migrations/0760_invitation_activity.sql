-- An invitation to the final is its own kind in the activity feed ("invitation"), not a
-- registration: the entries of invitations already recorded move over (their entity id is the
-- invitation's).
ALTER TABLE activity DROP CONSTRAINT activity_entity_check;
ALTER TABLE activity ADD CONSTRAINT activity_entity_check
    CHECK (entity IN ('event', 'division', 'team', 'workout', 'grant', 'heat', 'registration', 'invitation'));

UPDATE activity SET entity = 'invitation'
WHERE entity = 'registration' AND entity_id IN (SELECT id FROM final_invitations);
