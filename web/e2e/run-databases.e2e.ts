// A killed browser-test run leaves its databases behind; the next run's global setup drops them
// (database.ts), but never those of a run still going (two worktrees may test at once), and its
// teardown drops its own template.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase, psql } from './database';
import setup from './global-setup';

const run = promisify(execFile);

async function databases(): Promise<string[]> {
  const { stdout } = await run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-qAtc', "SELECT datname FROM pg_database WHERE datname LIKE 'podium_e2e_%'"]);
  return stdout.split('\n').filter(Boolean);
}

const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 6);

/** A database named as the run of process pid names its own (database.ts). */
const nameOf = (kind: 'tpl_' | '', pid: number) => `podium_e2e_${kind}${HOST}_${pid}_${Math.random().toString(16).slice(2, 10)}`;

const made: string[] = [];
const live = spawn('sleep', ['600']);

afterAll(async () => {
  live.kill();
  for (const name of made) await dropDatabase(name);
});

describe('the databases of browser-test runs', () => {
  it('drops those of killed runs, keeps a live run’s, and drops its own template at teardown', async () => {
    const dead = spawn('true');
    await new Promise((r) => dead.once('exit', r));
    const killedTemplate = nameOf('tpl_', dead.pid!);
    const killedStack = nameOf('', dead.pid!);
    const liveTemplate = nameOf('tpl_', live.pid!);
    const liveStack = nameOf('', live.pid!);
    made.push(killedTemplate, killedStack, liveTemplate, liveStack);
    for (const name of made) await psql(`CREATE DATABASE ${name}`);

    let provided = '';
    const teardown = await setup({ provide: (_key: string, value: string) => void (provided = value) } as never);
    expect(provided).toMatch(new RegExp(`^podium_e2e_tpl_${HOST}_${process.pid}_`));
    const during = await databases();
    expect(during).toContain(provided);
    expect(during).toContain(liveTemplate);
    expect(during).toContain(liveStack);
    expect(during).not.toContain(killedTemplate);
    expect(during).not.toContain(killedStack);

    await teardown();
    const after = await databases();
    expect(after).not.toContain(provided);
    expect(after).toContain(liveTemplate);
  });
});
