// A database of the bench's own on the PostgreSQL server, created at start and dropped at the end, so
// a bench never writes to a database someone uses. BENCH_DATABASE_URL names the server (any database on
// it that the user may connect to and create databases from).
import pg from 'pg';

const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

const adminUrl = () => process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER_URL;

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `cannot reach the PostgreSQL server at ${adminUrl()} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates retouch_bench_<pid> on the server; drop() removes it, and so do Ctrl-C and a crash of the bench. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `retouch_bench_${process.pid}`;
  await withAdminClient(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
  };
  const dropAndExit = (code: number) => () => {
    void drop().finally(() => process.exit(code));
  };
  process.once('SIGINT', dropAndExit(130));
  process.once('SIGTERM', dropAndExit(143));
  process.once('uncaughtException', (error) => {
    console.error(error);
    dropAndExit(1)();
  });
  process.once('unhandledRejection', (error) => {
    console.error(error);
    dropAndExit(1)();
  });
  return { url: url.toString(), name, drop };
}
