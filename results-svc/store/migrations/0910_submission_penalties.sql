-- A judge may give an online submission a penalty (docs/qualifiers.md, "Review"): the result
-- keeps the submitted value with a penalty and its reason; the submission is penalised.
ALTER TABLE submissions DROP CONSTRAINT submissions_review_state_check,
    ADD CONSTRAINT submissions_review_state_check
        CHECK (review_state IN ('unreviewed', 'accepted', 'adjusted', 'rejected', 'penalised'));

ALTER TABLE submission_reviews DROP CONSTRAINT submission_reviews_action_check,
    ADD CONSTRAINT submission_reviews_action_check
        CHECK (action IN ('submitted', 'accepted', 'adjusted', 'rejected', 'penalised', 'noted'));
