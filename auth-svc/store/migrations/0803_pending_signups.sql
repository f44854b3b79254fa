-- A sign-up is kept apart until its own link confirms it (docs/access.md, "Athletes"): each
-- has its own token and the password given with it, so a link confirms exactly the sign-up
-- that asked for it, and whoever signs up first with someone else's address gets nothing.
-- Confirming one creates the account and drops the address's other pending sign-ups.
CREATE TABLE pending_signups (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email         text NOT NULL,
    password_hash text NOT NULL,
    first_name    text NOT NULL,
    last_name     text NOT NULL,
    token_hash    bytea NOT NULL UNIQUE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL
);
CREATE INDEX pending_signups_email ON pending_signups (lower(email), created_at DESC);

-- Accounts nobody confirmed become pending sign-ups (with a token no one holds: a new link is
-- asked for), so an account row always has a confirmed address.
INSERT INTO pending_signups (email, password_hash, first_name, last_name, token_hash, created_at, expires_at)
SELECT u.email, u.password_hash, a.first_name, a.last_name, sha256(convert_to(gen_random_uuid()::text || u.id::text, 'UTF8')),
       u.created_at, now() + interval '48 hours'
FROM users u JOIN athletes a ON a.user_id = u.id
WHERE u.role = 'athlete' AND u.email_verified_at IS NULL;
DELETE FROM users WHERE role = 'athlete' AND email_verified_at IS NULL;

-- Requests for a link by address (a new confirmation link, a password reset): the request
-- only queues one of these, whatever the address, so every answer takes the same path and
-- time; the link worker (auth-svc/link_worker.go) finds the account and mails.
CREATE TABLE link_requests (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email      text NOT NULL,
    purpose    text NOT NULL CHECK (purpose IN ('verify', 'reset')),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX link_requests_created ON link_requests (created_at);
