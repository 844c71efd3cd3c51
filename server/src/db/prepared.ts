/**
 * Named prepared statements for the few statements every request runs (the token lookup):
 * PostgreSQL parses and plans one once per connection instead of on every call, which roughly
 * doubles how many it answers per second (bench/README.md). The statement still counts in the
 * per-request SQL counter, through TypeORM's logger as every other statement does.
 *
 * The name carries this process's and the connection's numbers: the embedded database keeps one
 * session across reconnections (and across processes sharing it), so a new connection must not
 * prepare a name another one left there.
 * Only for statements outside a transaction: it takes its own connection from the pool.
 */
import crypto from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

const connectionNumbers = new WeakMap<PoolClient, number>();
let connections = 0;
const processTag = crypto.randomBytes(4).toString('hex');

export async function preparedQuery<T>(db: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  db.logger.logQuery(text, values);
  const client = await ((db.driver as PostgresDriver).master as Pool).connect();
  let n = connectionNumbers.get(client);
  if (n === undefined) connectionNumbers.set(client, (n = ++connections));
  try {
    const result = await client.query({ name: `${name}_${processTag}_${n}`, text, values });
    client.release();
    return result.rows as T[];
  } catch (e) {
    // As pg's own pool.query does: a connection that failed a statement is not reused.
    client.release(e as Error);
    throw e;
  }
}
