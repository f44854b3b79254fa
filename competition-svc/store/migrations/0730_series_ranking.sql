-- Series ranking by team or by athlete account (docs/series.md, "Ranking"), and the series'
-- own activity: who changed what in its setup and when, written in the same transaction as the
-- change (competition-svc series_activity.go). A series spans events, so its changes are kept
-- beside it rather than in any one event's feed; they go with the series.
ALTER TABLE series ADD COLUMN ranking text NOT NULL DEFAULT 'team' CHECK (ranking IN ('team', 'athlete'));

CREATE TABLE series_activity (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    series_id uuid NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    at        timestamptz NOT NULL DEFAULT now(),
    actor     text NOT NULL,
    action    text NOT NULL,
    summary   text NOT NULL
);

CREATE INDEX series_activity_series_idx ON series_activity (series_id, at DESC, id DESC);
