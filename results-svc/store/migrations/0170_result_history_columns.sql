-- The result history's cost on every write (docs/operations.md, "History and activity"): the
-- snapshots before and after become plain columns instead of jsonb (nothing to build or parse
-- per entry, a third of the bytes), and the history keeps two indexes instead of three: the
-- primary key (result_id, id) serves a result's history, the event index the activity feed.
-- A snapshot is absent when its status is null (before a result was created, after it was
-- deleted).
ALTER TABLE result_history
    ADD COLUMN before_status      text,
    ADD COLUMN before_value       double precision,
    ADD COLUMN before_capped_reps integer,
    ADD COLUMN before_tiebreak    double precision,
    ADD COLUMN before_points      double precision,
    ADD COLUMN before_place       integer,
    ADD COLUMN before_published   boolean,
    ADD COLUMN after_status       text,
    ADD COLUMN after_value        double precision,
    ADD COLUMN after_capped_reps  integer,
    ADD COLUMN after_tiebreak     double precision,
    ADD COLUMN after_points       double precision,
    ADD COLUMN after_place        integer,
    ADD COLUMN after_published    boolean;

UPDATE result_history SET
    before_status = before->>'status',
    before_value = (before->>'resultValue')::double precision,
    before_capped_reps = (before->>'cappedReps')::integer,
    before_tiebreak = (before->>'tiebreakValue')::double precision,
    before_points = (before->>'score')::double precision,
    before_place = (before->>'rank')::integer,
    before_published = (before->>'isPublished')::boolean,
    after_status = after->>'status',
    after_value = (after->>'resultValue')::double precision,
    after_capped_reps = (after->>'cappedReps')::integer,
    after_tiebreak = (after->>'tiebreakValue')::double precision,
    after_points = (after->>'score')::double precision,
    after_place = (after->>'rank')::integer,
    after_published = (after->>'isPublished')::boolean;

ALTER TABLE result_history
    DROP COLUMN before,
    DROP COLUMN after,
    DROP CONSTRAINT result_history_pkey,
    ADD CONSTRAINT result_history_pkey PRIMARY KEY (result_id, id),
    ADD CONSTRAINT result_history_before_whole CHECK ((before_status IS NULL) = (before_published IS NULL)),
    ADD CONSTRAINT result_history_after_whole CHECK ((after_status IS NULL) = (after_published IS NULL));

DROP INDEX result_history_result_idx;
