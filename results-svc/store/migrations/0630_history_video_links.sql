-- Online qualifiers (docs/qualifiers.md): the video is part of a submission, so a result's
-- history records a change of the team's video link, even when the score stayed the same.
-- Null on every entry that is not such a change.
ALTER TABLE result_history
    ADD COLUMN before_video_url text,
    ADD COLUMN after_video_url  text;
