// The browser tests' databases on the machine's PostgreSQL (trust on 127.0.0.1): the run's
// migrated template (global-setup.ts) and each stack's clone of it (stack.ts). No vitest import:
// the global setup runs outside the test workers.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const PODIUM_BIN = resolve(REPO, 'bin/podium');

export function databaseUrl(database: string): string {
  return `postgres://postgres@127.0.0.1:5432/${database}?sslmode=disable`;
}

export function psql(sql: string) {
  return run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
}

/** The rows of a query, one string per row (unaligned, tuples only). */
async function psqlRows(sql: string): Promise<string[]> {
  const { stdout } = await run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAtc', sql]);
  return stdout.split('\n').filter(Boolean);
}

export function dropDatabase(database: string) {
  return psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}

// The name of a database of a run says which process made it: podium_e2e_tpl_<host>_<pid>_<random>
// for the run's template (the global setup's process), podium_e2e_<host>_<pid>_<random> for a
// stack's clone (its test file's worker); host is a short hash of this machine's name (another
// machine or container sharing the PostgreSQL has processes of its own). A killed run leaves
// its databases behind; the next run drops those whose process is gone, never one a live run
// (in another worktree, say) still uses.
const PREFIX = 'podium_e2e_';
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 6);
const RUN_DATABASE = new RegExp(`^${PREFIX}(?:tpl_)?([0-9a-f]{6})_(\\d+)_[0-9a-f]+$`);

/** Whether process pid runs on this machine (EPERM: it does, as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The databases of this machine's runs whose process is gone (killed runs). */
export function staleDatabases(names: readonly string[], alive: (pid: number) => boolean = processAlive): string[] {
  return names.filter((name) => {
    const m = RUN_DATABASE.exec(name);
    return m !== null && m[1] === HOST && Number(m[2]) !== process.pid && !alive(Number(m[2]));
  });
}

/** Drops the templates and stack databases killed runs left behind; returns their names. */
export async function dropStaleDatabases(): Promise<string[]> {
  const stale = staleDatabases(await psqlRows(`SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`));
  for (const name of stale) await dropDatabase(name);
  return stale;
}

/** A new database's name, for this process: kind 'tpl' for a template, '' for a stack's. */
export function runDatabaseName(kind: 'tpl' | ''): string {
  return `${PREFIX}${kind ? `${kind}_` : ''}${HOST}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Creates and migrates a database for stacks to clone; returns its name. */
export async function migrateTemplate(): Promise<string> {
  if (!existsSync(PODIUM_BIN)) throw new Error(`${PODIUM_BIN} is missing: run \`make build\` first`);
  const template = runDatabaseName('tpl');
  await psql(`CREATE DATABASE ${template}`);
  try {
    await run(PODIUM_BIN, ['migrate'], { env: { ...process.env, PODIUM_DATABASE_URL: databaseUrl(template) } });
  } catch (error) {
    await dropDatabase(template);
    throw error;
  }
  return template;
}
