import { writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client';
import { seedIfEmpty } from '../src/seed';
import { createStorage } from '../src/storage/create-storage';
import { testConfig } from './test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated, seeded PGlite data dump each test file loads its own database from. */
    pgliteTemplate: string;
    /** Name of a migrated, seeded PostgreSQL database each test file copies, when TEST_DATABASE_URL is set. */
    pgTemplate: string;
  }
}

/** Migrates and seeds one template database per run; each test file then gets a fresh copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const config = testConfig();
  if (url) {
    const name = `retouch_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
    await database.migrate();
    await seedIfEmpty(database.db, config, await createStorage(config));
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  await seedIfEmpty(database.db, config, await createStorage(config));
  const file = path.join(os.tmpdir(), `retouch-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return async () => {
    await rm(file, { force: true });
  };
}

/** The same server URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
