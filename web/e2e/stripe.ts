// Stripe's own API double for browser tests: stripe-mock, pinned in tools/go.mod (`make
// stripe-mock` builds it), on a free loopback port. It sends no webhooks, so the tests sign
// the payloads with the test secret as Stripe does (internal/platform/stripetest for Go).
import { createHmac } from 'node:crypto';
import { freePort } from './ports';
import { startTool } from './tool';

export const STRIPE_KEY = 'sk_test_podium';
export const STRIPE_WEBHOOK_SECRET = 'whsec_podium_test';

export type StripeMock = {
  /** PODIUM_STRIPE_* for the stack. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export async function startStripeMock(): Promise<StripeMock> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { stop } = await startTool({
    name: 'stripe-mock',
    // -https-addr without a port: its HTTPS listener takes a free one instead of a fixed default.
    args: ['-http-addr', `127.0.0.1:${port}`, '-https-addr', '127.0.0.1:'],
    stdio: ['ignore', 'ignore', 'inherit'],
    ready: async () => (await fetch(`${url}/v1/balance`, { headers: { Authorization: `Bearer ${STRIPE_KEY}` } })).ok,
    timeoutMs: 60_000,
  });
  return {
    env: { PODIUM_STRIPE_SECRET_KEY: STRIPE_KEY, PODIUM_STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET, PODIUM_STRIPE_API_URL: url },
    stop,
  };
}

/** Stripe's checkout.session.completed event for a registration, paid in full. */
export function checkoutCompleted(eventId: string, registrationId: string, amountCents: number, currency: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: `cs_test_${eventId}`,
        object: 'checkout.session',
        client_reference_id: registrationId,
        payment_intent: `pi_test_${eventId}`,
        payment_status: 'paid',
        status: 'complete',
        amount_total: amountCents,
        currency,
      },
    },
  });
}

/** Posts payload to the stack's webhook signed as Stripe signs (t=…,v1=HMAC-SHA256). */
export async function sendWebhook(baseUrl: string, payload: string, secret = STRIPE_WEBHOOK_SECRET): Promise<Response> {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return fetch(`${baseUrl}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${t},v1=${v1}` },
    body: payload,
  });
}
