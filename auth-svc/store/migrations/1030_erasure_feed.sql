-- The erasure feed (docs/access.md, "Athletes"): each deleted athlete's erasure gets a
-- position, in the order the deletions commit (store.DeleteAthlete serialises them), and the
-- services that hold athletes' traces read the feed after the position they have applied
-- (ListErasures) instead of auth-svc calling them. The queue's delivery columns go.
CREATE SEQUENCE athlete_erasure_seq;
ALTER TABLE athlete_erasures ADD COLUMN seq bigint;
UPDATE athlete_erasures e SET seq = o.seq
    FROM (SELECT user_id, nextval('athlete_erasure_seq') AS seq
          FROM (SELECT user_id FROM athlete_erasures ORDER BY created_at, user_id) x) o
    WHERE e.user_id = o.user_id;
ALTER TABLE athlete_erasures
    ALTER COLUMN seq SET NOT NULL,
    ALTER COLUMN seq SET DEFAULT nextval('athlete_erasure_seq');
ALTER SEQUENCE athlete_erasure_seq OWNED BY athlete_erasures.seq;
CREATE UNIQUE INDEX athlete_erasures_seq ON athlete_erasures (seq);
DROP INDEX athlete_erasures_due;
ALTER TABLE athlete_erasures DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN last_error;
CREATE INDEX athlete_erasures_open ON athlete_erasures (seq) WHERE done_at IS NULL;

-- The position each reader of the feed (a target: "competition", "results") has applied, as
-- its last read said. An erasure is done, and its address and name cleared, once every
-- reader's position has passed it.
CREATE TABLE erasure_readers (
    reader text PRIMARY KEY,
    seq    bigint NOT NULL
);
