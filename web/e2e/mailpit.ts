// A real SMTP server for browser tests: Mailpit, pinned in tools/go.mod (`make mailpit` builds
// it), on free loopback ports; what arrived is read through its HTTP API.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';
import { startTool } from './tool';

export type Mail = { id: string; to: string[]; subject: string; text: string };

export type Mailpit = {
  /** PODIUM_SMTP_URL for the stack. */
  smtpUrl: string;
  /** Waits for a mail to address whose subject contains subject; the newest such. */
  waitFor: (address: string, subject: string, timeoutMs?: number) => Promise<Mail>;
  stop: () => Promise<void>;
};

export async function startMailpit(): Promise<Mailpit> {
  const [smtpPort, httpPort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${httpPort}/api/v1`;
  const { stop } = await startTool({
    name: 'mailpit',
    args: ['--smtp', `127.0.0.1:${smtpPort}`, '--listen', `127.0.0.1:${httpPort}`, '--quiet', '--disable-version-check', '--smtp-disable-rdns',
      '--database', join(mkdtempSync(join(tmpdir(), 'mailpit-')), 'mailpit.db')],
    stdio: 'inherit',
    ready: async () => (await fetch(`${api}/messages?limit=1`)).ok,
    timeoutMs: 30_000,
  });

  type Summary = { ID: string; To: { Address: string }[]; Subject: string };
  const waitFor = async (address: string, subject: string, timeoutMs = 15_000): Promise<Mail> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const list = (await (await fetch(`${api}/messages?limit=200`)).json()) as { messages: Summary[] };
      const found = list.messages.find((m) => m.Subject.includes(subject) && m.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()));
      if (found) {
        const full = (await (await fetch(`${api}/message/${found.ID}`)).json()) as { Text: string };
        return { id: found.ID, to: found.To.map((to) => to.Address), subject: found.Subject, text: full.Text };
      }
      if (Date.now() > until) throw new Error(`no mail "${subject}" to ${address} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}?tls=none`, waitFor, stop };
}

/** The path and query of a mailed link to page (the stack's mails link publicUrl). */
export function linkIn(text: string, page: string, publicUrl = 'https://podium.test'): string {
  const origin = publicUrl.replace(/[.]/g, '\\.');
  const match = new RegExp(`${origin}(${page.replace(/[?/]/g, '\\$&')}\\S+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in ${text}`);
  return match[1];
}
