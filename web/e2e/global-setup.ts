// Migrates one template database for the whole browser run; every file's stack clones it
// (stack.ts), which takes a fraction of running the migrations again per file
// (docs/architecture.md, "Tests"). The databases of killed runs go first (database.ts): their
// teardowns never ran.
import type { TestProject } from 'vitest/node';
import { dropDatabase, dropStaleDatabases, migrateTemplate } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplate: string;
  }
}

export default async function setup(project: Pick<TestProject, 'provide'>) {
  const stale = await dropStaleDatabases();
  if (stale.length > 0) console.log(`dropped ${stale.length} database(s) of killed browser-test run(s): ${stale.join(', ')}`);
  const template = await migrateTemplate();
  project.provide('e2eTemplate', template);
  return () => dropDatabase(template);
}
