-- Series (docs/series.md): a season's events scored together. A series maps each of its
-- events' divisions to one of its own divisions; the series table scores each team's final
-- placing in each event, best N of them counted.
CREATE TABLE series (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name          text NOT NULL,
    season        text NOT NULL DEFAULT '',
    description   text NOT NULL DEFAULT '',
    scoring_table text NOT NULL DEFAULT 'podium100'
                  CHECK (scoring_table IN ('podium100', 'games2012', 'ranksum', 'custom')),
    custom_points double precision[] NOT NULL DEFAULT '{}',
    best_n        integer NOT NULL DEFAULT 0 CHECK (best_n >= 0),
    published     boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (scoring_table <> 'custom' OR cardinality(custom_points) > 0)
);

CREATE TABLE series_divisions (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    series_id  uuid NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    name       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (id, series_id)
);

-- Division names are compared as team names are (team_name_key): "RX" and "Rx" are one.
CREATE UNIQUE INDEX series_divisions_name_key ON series_divisions (series_id, team_name_key(name));

CREATE TABLE series_events (
    series_id uuid NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    event_id  uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    added_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (series_id, event_id)
);

CREATE INDEX series_events_event_idx ON series_events (event_id);

-- Which series division an event's division counts for: a division counts for at most one
-- series division of a series, and a series division takes at most one division per event.
CREATE TABLE series_division_map (
    series_id          uuid NOT NULL,
    event_id           uuid NOT NULL,
    division_id        uuid NOT NULL,
    series_division_id uuid NOT NULL,
    PRIMARY KEY (series_id, division_id),
    UNIQUE (series_id, event_id, series_division_id),
    FOREIGN KEY (series_id, event_id) REFERENCES series_events (series_id, event_id) ON DELETE CASCADE,
    FOREIGN KEY (division_id, event_id) REFERENCES divisions (id, event_id) ON DELETE CASCADE,
    FOREIGN KEY (series_division_id, series_id) REFERENCES series_divisions (id, series_id) ON DELETE CASCADE
);

CREATE INDEX series_division_map_division_idx ON series_division_map (division_id);
