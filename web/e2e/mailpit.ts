// A real SMTP server for browser tests: Mailpit, pinned in tools/go.mod (`make mailpit` builds
// it), on free loopback ports; what arrived is read through its HTTP API.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { REPO } from './stack';
import { freePort } from './ports';

const run = promisify(execFile);

export type Mail = { id: string; to: string[]; subject: string; text: string };

export type Mailpit = {
  /** PODIUM_SMTP_URL for the stack. */
  smtpUrl: string;
  /** Waits for a mail to address whose subject contains subject; the newest such. */
  waitFor: (address: string, subject: string, timeoutMs?: number) => Promise<Mail>;
  stop: () => Promise<void>;
};

export async function startMailpit(): Promise<Mailpit> {
  const { stdout } = await run('go', ['tool', `-modfile=${resolve(REPO, 'tools/go.mod')}`, '-n', 'mailpit'], { cwd: REPO });
  const [smtpPort, httpPort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${httpPort}/api/v1`;
  const child: ChildProcess = spawn(
    stdout.trim(),
    ['--smtp', `127.0.0.1:${smtpPort}`, '--listen', `127.0.0.1:${httpPort}`, '--quiet', '--disable-version-check', '--smtp-disable-rdns',
      '--database', join(mkdtempSync(join(tmpdir(), 'mailpit-')), 'mailpit.db')],
    { stdio: 'inherit' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${api}/messages?limit=1`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('mailpit did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

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
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}?tls=none`, waitFor, stop };
}
