/**
 * Runs once before every test file: prepares one database the files share (they run one at a
 * time). With DATABASE_URL (CI: a fresh PostgreSQL database) its public schema is emptied; without
 * it an in-memory PGlite is started here and served to the test workers over its socket. Either
 * way the migrations run and the demo school is seeded, so tests can sign in as the demo accounts.
 */
import 'reflect-metadata';
import type { TestProject } from 'vitest/node';
import { makeDataSource, migrate, startEmbedded } from '../db/database.js';
import { seedDemoIfEmpty } from '../db/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database every test file connects to. */
    databaseUrl: string;
    /** embedded: PGlite through its socket server (one connection); server: a PostgreSQL server. */
    databaseKind: 'embedded' | 'server';
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.DATABASE_URL ?? '';
  const embedded = given ? null : await startEmbedded('memory://');
  const url = given || embedded!.url;

  const db = makeDataSource(url, 1, false);
  await db.initialize();
  try {
    if (given) await db.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(db);
    await seedDemoIfEmpty(db);
  } finally {
    // The embedded socket server takes one connection at a time: free it for the test files.
    await db.destroy();
  }

  project.provide('databaseUrl', url);
  project.provide('databaseKind', given ? 'server' : 'embedded');
  return async () => {
    await embedded?.stop();
  };
}
