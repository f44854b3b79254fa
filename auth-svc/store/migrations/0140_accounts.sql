-- Roles, the disabled flag and sessions (docs/access.md). Every user that existed before
-- roles were introduced was an administrator, and stays one.
ALTER TABLE users
    ADD COLUMN role            text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'organiser', 'scorer')),
    ADD COLUMN disabled        boolean NOT NULL DEFAULT false,
    ADD COLUMN last_sign_in_at timestamptz;
ALTER TABLE users ALTER COLUMN role DROP DEFAULT;

-- A token names one session; the session decides whether the token is still accepted.
CREATE TABLE sessions (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    ended_at   timestamptz
);
CREATE INDEX sessions_user_id ON sessions (user_id) WHERE ended_at IS NULL;
