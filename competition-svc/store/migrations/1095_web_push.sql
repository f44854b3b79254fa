-- Web Push (docs/competition-day.md, "Web Push"): the browsers an athlete allowed to show
-- notifications, one row a browser (the push service's endpoint is the browser's address; a
-- browser that subscribes again under another account moves to it), the pushes queued in the
-- transaction of what caused them and sent by the push worker, and the heat reminders pushed,
-- one row per heat, athlete and lead time (heat_reminders_sent is the mails').
-- New tables only: the previous release never names them (docs/operations.md, "Rolling upgrades").
CREATE TABLE push_subscriptions (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    athlete_id uuid NOT NULL,
    endpoint   text NOT NULL UNIQUE,
    p256dh     text NOT NULL,
    auth       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_athlete ON push_subscriptions (athlete_id);

-- A push is written per subscription: a subscription the push service says is gone (404, 410)
-- is deleted and its pushes with it; any other failure is retried with a backoff.
CREATE TABLE push_outbox (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    title           text NOT NULL,
    body            text NOT NULL,
    url             text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text NOT NULL DEFAULT '',
    sent_at         timestamptz
);
CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX push_outbox_subscription ON push_outbox (subscription_id);

CREATE TABLE heat_push_reminders_sent (
    heat_id      uuid NOT NULL REFERENCES heats (id) ON DELETE CASCADE,
    athlete_id   uuid NOT NULL,
    lead_minutes integer NOT NULL,
    sent_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (heat_id, athlete_id, lead_minutes)
);
CREATE INDEX heat_push_reminders_sent_athlete ON heat_push_reminders_sent (athlete_id);

-- The VAPID key pair of a development stack (`make run`, dev mode without PODIUM_VAPID_*):
-- generated on its first start and kept, since every subscription is bound to the key. One row
-- at most; a production deployment configures its keys and never writes here.
CREATE TABLE push_dev_vapid (
    one         boolean PRIMARY KEY DEFAULT true CHECK (one),
    public_key  text NOT NULL,
    private_key text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
