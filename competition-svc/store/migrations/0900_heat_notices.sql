-- A team's heats changed and its athletes are to be told (docs/heats.md, "Heat mails"): one row
-- a team, written in the transaction of the heat change. due_at moves on with every change, so
-- the changes of one quiet period make one mail; baseline is the team's heats as they were
-- before the first of them (TeamSlots, as heatsKey writes them), so changes that restore them
-- send nothing. The worker deletes the row in the transaction that queues the mails.
CREATE TABLE heat_notices (
    team_id  uuid PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    baseline text NOT NULL,
    due_at   timestamptz NOT NULL
);
CREATE INDEX heat_notices_due ON heat_notices (due_at);
