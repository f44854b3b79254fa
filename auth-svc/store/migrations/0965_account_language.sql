-- The language a person chose for Podium (staff and athletes alike): the screens and the mails
-- to them speak it. Empty until chosen, so every existing account and every older binary keeps
-- working: the screens then follow the browser (docs/architecture.md, "Languages").
ALTER TABLE users
    ADD COLUMN language text NOT NULL DEFAULT '' CHECK (language IN ('', 'en', 'de', 'fr', 'es'));
