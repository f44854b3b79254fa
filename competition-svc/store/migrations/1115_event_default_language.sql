-- The event's default language (docs/architecture.md, "Languages"): the language of its public
-- pages for a viewer whose browser asks for none Podium speaks, and of its mails to a recipient
-- without an account or whose account chose none. One of en, de, fr, es; English by default.
-- Added column with a default: expand-only.
ALTER TABLE events ADD COLUMN default_language text NOT NULL DEFAULT 'en'
    CHECK (default_language IN ('en', 'de', 'fr', 'es'));
