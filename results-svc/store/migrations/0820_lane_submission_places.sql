-- Where each judge's score was sent (docs/judging.md, "Sent twice"): its heat, lane and sender
-- (a judge link's session, or a user), so a score's id answers only a resend from the same place
-- and sender; an id sent from anywhere else is refused, never answered with another lane's
-- result. Rows from before have none and answer no resend.
ALTER TABLE lane_submissions
    ADD COLUMN heat_id uuid,
    ADD COLUMN lane    integer,
    ADD COLUMN sender  text;
