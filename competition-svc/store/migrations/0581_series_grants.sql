-- Organisers an admin lets manage a series (docs/series.md, "Who manages a series"). A series
-- spans events, so an event grant never covers it: this grant names the series itself.
CREATE TABLE series_grants (
    series_id  uuid NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL,
    granted_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (series_id, user_id)
);

CREATE INDEX series_grants_user_idx ON series_grants (user_id);
