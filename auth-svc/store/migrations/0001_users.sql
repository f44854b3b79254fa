CREATE TABLE users (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    username      text NOT NULL,
    password_hash text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- Usernames are matched without regard to case: "Admin" and "admin" are one account.
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
