// Migrates one template database for the whole browser run; every file's stack clones it
// (stack.ts), which takes a fraction of running the migrations again per file
// (docs/architecture.md, "Tests").
import type { TestProject } from 'vitest/node';
import { dropDatabase, migrateTemplate } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await migrateTemplate();
  project.provide('e2eTemplate', template);
  return () => dropDatabase(template);
}
