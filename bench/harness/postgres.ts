/**
 * A fresh PostgreSQL database for one benchmark run, on the server the tests use
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): created empty, so the console
 * migrates it and creates its first admin as on a new installation, and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const BENCH_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface FreshDatabase {
  url: string;
  drop: () => Promise<void>;
}

export async function freshDatabase(serverUrl = BENCH_POSTGRES_URL): Promise<FreshDatabase> {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await admin.connect().catch((error: unknown) => {
    throw new Error(
      `PostgreSQL at ${new URL(serverUrl).host} does not answer (${String(error)}); set TEST_DATABASE_URL`,
    );
  });
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The process ids of PostgreSQL's server processes (their CPU is the database's share of a request). */
export async function postgresPids(serverUrl = BENCH_POSTGRES_URL): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity");
    return rows.map((r) => Number(r.pid));
  } finally {
    await client.end();
  }
}
