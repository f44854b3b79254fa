-- results-svc's feed of result counts to competition-svc (docs/architecture.md, "Calls between
-- services"): one row per workout and per team, its results and the results the public sees
-- (published, or with a change pending), written in the transaction of every change that
-- touches them, under an advisory lock of the key so that counts follow commits. seq orders
-- a key's counts (competition-svc keeps a count only over an older one); the worker delivers
-- the rows whose seq is past sent_seq. The counts that stand when this migration runs are
-- seeded unsent, so competition-svc learns them from the first delivery.
CREATE SEQUENCE count_seq;

CREATE TABLE count_feed (
    kind        text NOT NULL CHECK (kind IN ('workout', 'team')),
    key_id      uuid NOT NULL,
    division_id uuid,
    results     integer NOT NULL CHECK (results >= 0),
    published   integer NOT NULL CHECK (published >= 0),
    seq         bigint NOT NULL,
    sent_seq    bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (kind, key_id)
);

CREATE INDEX count_feed_unsent_idx ON count_feed (seq) WHERE seq > sent_seq;

INSERT INTO count_feed (kind, key_id, division_id, results, published, seq)
SELECT 'workout', workout_id, NULL, count(*), count(*) FILTER (WHERE is_published OR public_status IS NOT NULL), nextval('count_seq')
FROM results GROUP BY workout_id;

INSERT INTO count_feed (kind, key_id, division_id, results, published, seq)
SELECT 'team', team_id, max(division_id::text)::uuid, count(*), count(*) FILTER (WHERE is_published OR public_status IS NOT NULL), nextval('count_seq')
FROM results GROUP BY team_id;
