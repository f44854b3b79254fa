-- What other services may still hold of a deleted athlete besides their id: the address
-- (mails waiting for it, the actor of their activity and history) and the name (in mails to
-- others, activity summaries). Kept only until the erasure is done, then cleared
-- (docs/access.md, "Athletes").
ALTER TABLE athlete_erasures
    ADD COLUMN email text NOT NULL DEFAULT '',
    ADD COLUMN name  text NOT NULL DEFAULT '';
