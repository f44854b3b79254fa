-- Scores a judge's phone sent (docs/judging.md): each carries an id the phone made, claimed
-- in the transaction that saves it, so a score sent again saves nothing and gets the answer
-- the first one got. Kept while the event is.
CREATE TABLE lane_submissions (
    client_id  uuid PRIMARY KEY,
    event_id   uuid NOT NULL,
    -- The Result answered, as protobuf bytes; written before the claim commits.
    answer     bytea NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX lane_submissions_event_idx ON lane_submissions (event_id);
