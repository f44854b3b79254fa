-- An online event whose board shows submitted scores at once (docs/qualifiers.md, "The online
-- leaderboard") shows a submission's review state ("Unreviewed"): a review that leaves the
-- value as it was still changes the public view, so a submission's change raises the event's
-- public version too (0135_public_versions.sql).
CREATE TRIGGER submissions_public_insert AFTER INSERT ON submissions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
CREATE TRIGGER submissions_public_update AFTER UPDATE ON submissions
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_versions();
