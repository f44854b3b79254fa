// Starts the real Podium stack for browser tests: a fresh database (a clone of the run's migrated
// template, global-setup.ts, or migrated here when there is none), an admin user, then
// `podium all` serving the built web app. stop() kills it and drops the database.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { databaseUrl, dropDatabase, PODIUM_BIN, psql, REPO, runDatabaseName } from './database';
import { freePort, freePortBase } from './ports';

const run = promisify(execFile);

export { PODIUM_BIN, REPO };
export const WEB_DIST = resolve(REPO, 'web/dist');
export const ADMIN_USERNAME = 'e2e-admin';

export type Stack = {
  baseUrl: string;
  username: string;
  password: string;
  logs: () => string;
  stop: () => Promise<void>;
};

async function waitForReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`podium exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`podium was not ready within ${timeoutMs} ms`);
}

/**
 * Starts the stack; extra sets more variables (PODIUM_SMTP_URL of a Mailpit, …). repo is the
 * checkout whose bin/podium and web/dist run (another build, for a baseline measured beside this one).
 */
export async function startStack(extra: Record<string, string> = {}, repo = REPO): Promise<Stack> {
  const bin = resolve(repo, 'bin/podium');
  const webDist = resolve(repo, 'web/dist');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`make build\` first`);
  if (!existsSync(resolve(webDist, 'index.html'))) throw new Error(`${webDist} is missing: run \`npm run build\` first`);

  const database = runDatabaseName('');
  const password = process.env.PODIUM_ADMIN_PASSWORD || `e2e-${randomBytes(12).toString('hex')}`;
  const httpPort = await freePort();
  const env = {
    ...process.env,
    PODIUM_DATABASE_URL: databaseUrl(database),
    PODIUM_HTTP_ADDR: `127.0.0.1:${httpPort}`,
    PODIUM_GRPC_PORT_BASE: String(await freePortBase()),
    PODIUM_METRICS_ADDR: '127.0.0.1:0',
    PODIUM_WEB_DIR: webDist,
    PODIUM_ADMIN_PASSWORD: password,
    // Every browser page of a test run comes from 127.0.0.1, and a closed page's stream is let
    // go only at the next heartbeat: the per-address cap would refuse a later page's stream.
    PODIUM_STREAM_MAX_PER_ADDRESS: '1000',
    ...extra,
  };

  // The run's template when global-setup.ts made one (make e2e), else migrations here (make
  // lighthouse, whose baseline build migrates its own database). Commits do not wait for the
  // disk, as in pgtest: no browser test crashes the server, and the waits add up over a run.
  const template = inject('e2eTemplate');
  if (template) await psql(`CREATE DATABASE ${database} TEMPLATE ${template}`);
  else await run(bin, ['migrate'], { env });
  await psql(`ALTER DATABASE ${database} SET synchronous_commit = off`);
  await run(bin, ['admin', 'create', '--username', ADMIN_USERNAME], { env });

  let output = '';
  const child = spawn(bin, ['all'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await dropDatabase(database);
  };

  try {
    await waitForReady(baseUrl, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return { baseUrl, username: ADMIN_USERNAME, password, logs: () => output, stop };
}
