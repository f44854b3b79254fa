-- The judges' review of online submissions (docs/qualifiers.md): every action on a
-- submission, with who and when; internal_note is for judges only.
CREATE TABLE submission_reviews (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    submission_id uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    action        text NOT NULL CHECK (action IN ('submitted', 'accepted', 'adjusted', 'rejected', 'noted')),
    reason        text NOT NULL DEFAULT '',
    internal_note text NOT NULL DEFAULT '',
    before_text   text NOT NULL DEFAULT '',
    after_text    text NOT NULL DEFAULT '',
    by_name       text NOT NULL,
    at            timestamptz NOT NULL
);

CREATE INDEX submission_reviews_submission_idx ON submission_reviews (submission_id, id);
