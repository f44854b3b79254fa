-- Athlete accounts (docs/access.md): an athlete signs in with an email address instead of a
-- username, keeps a profile and never reaches the console. Staff accounts keep their username
-- and have no email.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users
    ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'organiser', 'scorer', 'athlete')),
    ALTER COLUMN username DROP NOT NULL,
    ADD COLUMN email             text,
    ADD COLUMN email_verified_at timestamptz,
    ADD CONSTRAINT users_athlete_identity CHECK (
        CASE WHEN role = 'athlete' THEN username IS NULL AND email IS NOT NULL
             ELSE username IS NOT NULL AND email IS NULL END);

-- Addresses are matched without regard to case, like usernames.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- The athlete's profile: what organisers and the public pages show of them.
CREATE TABLE athletes (
    user_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    first_name text NOT NULL,
    last_name  text NOT NULL,
    club       text NOT NULL DEFAULT '',
    country    text NOT NULL DEFAULT '',
    birth_year integer,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use links sent by email: confirming the address, resetting the password. Only a hash
-- of the token is kept, so the table alone opens no account.
CREATE TABLE email_tokens (
    token_hash bytea PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    text NOT NULL CHECK (purpose IN ('verify', 'reset')),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose) WHERE used_at IS NULL;
