// The browser tests' databases on the machine's PostgreSQL (trust on 127.0.0.1): the run's
// migrated template (global-setup.ts) and each stack's clone of it (stack.ts). No vitest import:
// the global setup runs outside the test workers.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
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

export function dropDatabase(database: string) {
  return psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}

/** Creates and migrates a database for stacks to clone; returns its name. */
export async function migrateTemplate(): Promise<string> {
  if (!existsSync(PODIUM_BIN)) throw new Error(`${PODIUM_BIN} is missing: run \`make build\` first`);
  const template = `podium_e2e_tpl_${randomBytes(6).toString('hex')}`;
  await psql(`CREATE DATABASE ${template}`);
  try {
    await run(PODIUM_BIN, ['migrate'], { env: { ...process.env, PODIUM_DATABASE_URL: databaseUrl(template) } });
  } catch (error) {
    await dropDatabase(template);
    throw error;
  }
  return template;
}

