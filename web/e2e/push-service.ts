// A push service for the browser tests (docs/competition-day.md, "Web Push"): chromium headless
// cannot reach a real one, so the test's subscription points here. Like internal/platform/pushtest
// for Go, each push must carry a VAPID token signed ES256 by the k= key, for this origin, not
// expired; its aes128gcm body (RFC 8291, 8188) is decrypted with the browser keys the test made.
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; text: string };

export type PushService = {
  origin: string;
  /** A browser's subscription at path, as PushSubscription.toJSON() gives it. */
  subscribe(path: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: Received[];
  refused: string[];
  close(): Promise<void>;
};

const b64 = (b: Buffer) => b.toString('base64url');

export async function startPushService(): Promise<PushService> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: Received[] = [];
  const refused: string[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      try {
        const b = browsers.get(req.url ?? '');
        if (req.method !== 'POST' || !b) throw new Error(`${req.method} to an unknown subscription`);
        checkVapid(String(req.headers.authorization ?? ''), origin);
        received.push({ path: req.url ?? '', text: decrypt(body, b.ecdh, b.auth) });
        res.writeHead(201).end();
      } catch (e) {
        refused.push(`${req.url}: ${(e as Error).message}`);
        res.writeHead(400).end((e as Error).message);
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    subscribe(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(path, { ecdh, auth });
      return { endpoint: origin + path, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
    },
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

function read(req: IncomingMessage): Promise<Buffer> {
  return new Promise((ok, fail) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => ok(Buffer.concat(parts)));
    req.on('error', fail);
  });
}

/** "vapid t=<JWT>, k=<key>": ES256 by k, aud this origin, exp ahead. */
function checkVapid(header: string, origin: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!m) throw new Error(`authorization ${header} is not vapid`);
  const [token, k] = [m[1], m[2]];
  const [head, claims, sig] = token.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'));
  if (!ok) throw new Error('JWT signature does not match k');
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (c.aud !== origin) throw new Error(`aud ${c.aud}, want ${origin}`);
  if (!(c.exp > Date.now() / 1000)) throw new Error(`exp ${c.exp} has passed`);
  if (!c.sub) throw new Error('no sub');
}

/** One aes128gcm record encrypted for the browser (RFC 8291). */
function decrypt(body: Buffer, browser: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLen = body[20];
  const sender = body.subarray(21, 21 + idLen);
  const record = body.subarray(21 + idLen);
  const shared = browser.computeSecret(sender);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), sender]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString();
}
