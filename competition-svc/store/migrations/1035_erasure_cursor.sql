-- How far competition-svc has applied auth-svc's erasure feed (docs/access.md, "Athletes"):
-- moved in the transaction that erases, so each erasure is applied once, whatever restarts,
-- and its row lock keeps two replicas from applying the feed at once.
CREATE TABLE feed_cursors (
    feed text PRIMARY KEY,
    seq  bigint NOT NULL DEFAULT 0
);
INSERT INTO feed_cursors (feed) VALUES ('erasures');
