-- The venue (docs/venue.md): how the event's TV rotates its boards and which origins may frame
-- its embedded boards. One row per event that changed the defaults; an event without a row
-- has the defaults below.
CREATE TABLE event_venue (
    event_id        uuid PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    tv_rows         integer NOT NULL DEFAULT 10,
    tv_seconds      integer NOT NULL DEFAULT 12,
    tv_division_ids uuid[] NOT NULL DEFAULT '{}',
    embed_origins   text[] NOT NULL DEFAULT '{}',
    updated_at      timestamptz NOT NULL DEFAULT now()
);
