import { Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { escapeLiteral, type Pool, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { databaseUnavailable as isConnectionLoss, transactionConflict } from './database-errors';

/** Port for application services: run work atomically; repositories called inside join the transaction. */
export interface TransactionRunner {
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

/** Runs of one transaction that PostgreSQL aborted for a conflict with another (deadlock, serialization). */
const ATTEMPTS = 3;

/** A transaction's client, and the last statement sent on it: the next waits for it. */
interface Joined {
  client: PoolClient;
  last: Promise<unknown>;
}

/**
 * Plain SQL through pg (no entity hydration) for repositories. Inside transaction() every query runs on
 * that transaction's client (AsyncLocalStorage), so services compose repository calls freely; statements
 * started together there (Promise.all) run in turn, as one connection runs them anyway (pg would queue
 * them itself, a use it deprecates).
 */
@Injectable()
export class Database implements TransactionRunner {
  private readonly current = new AsyncLocalStorage<Joined>();
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    this.pool = (dataSource.driver as unknown as { master: Pool }).master;
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.send(sql, params)).rows as Row[];
  }

  async one<Row>(sql: string, params: readonly unknown[] = []): Promise<Row | undefined> {
    return (await this.query<Row>(sql, params))[0];
  }

  /**
   * The first row of a statement prepared once per connection under `name`, then run from PostgreSQL's
   * plan cache: for a lookup on every request whose planning costs more than its run (the API key). Its
   * plan must suit any value (an equality on a key): after five runs PostgreSQL may keep one generic plan.
   */
  async onePrepared<Row>(name: string, sql: string, params: readonly unknown[]): Promise<Row | undefined> {
    return (await this.send({ name, text: sql }, params)).rows[0] as Row | undefined;
  }

  /** For statements without RETURNING: how many rows they touched. */
  async execute(sql: string, params: readonly unknown[] = []): Promise<number> {
    return (await this.send(sql, params)).rowCount ?? 0;
  }

  /**
   * `COPY (sql) TO STDOUT` through `through` into `into`: the rows as PostgreSQL's bytes, never as JavaScript strings, at the
   * pace `into` is read. COPY takes no parameters, so each `$n` is written as its value's escaped literal
   * (the SQL is ours and carries no `$n` in its own strings; values only ever become literals). A copy cut
   * short (`into` failed or was destroyed) destroys its connection rather than lend one mid-COPY.
   */
  async copyOut(
    sql: string,
    params: readonly unknown[],
    through: Transform,
    into: NodeJS.WritableStream,
  ): Promise<void> {
    const statement = sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    const copy = (client: PoolClient) => pipeline(client.query(copyTo(`COPY (${statement}) TO STDOUT`)), through, into);
    const joined = this.current.getStore();
    if (joined) return this.inTurn(joined, () => copy(joined.client));
    const client = await this.pool.connect();
    try {
      await copy(client);
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }

  /**
   * Runs work in a transaction (joining the caller's, if any). A transaction PostgreSQL chose as a deadlock
   * victim, or a serialization failure, runs again from the start, up to ATTEMPTS times: two writes that
   * lock the same rows in different orders (a dependency PUT and a host PUT, say) then both succeed.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(work);
      } catch (error) {
        if (attempt >= ATTEMPTS || !transactionConflict(error)) throw error;
        // A moment apart, so that the run again does not meet the other transaction in the same order.
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
    }
  }

  private send(sql: string | { name: string; text: string }, params: readonly unknown[]) {
    const statement = typeof sql === 'string' ? { text: sql } : sql;
    const config = { ...statement, values: params as unknown[] };
    const joined = this.current.getStore();
    if (!joined) return this.pool.query(config);
    return this.inTurn(joined, () => joined.client.query(config));
  }

  /** Sends `statement` on the transaction's client once the statement before it has finished. */
  private inTurn<T>(joined: Joined, statement: () => Promise<T>): Promise<T> {
    const turn = joined.last.then(statement, statement);
    joined.last = turn.catch(() => undefined);
    return turn;
  }

  private async once<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A checked-out client has no listener of the pool's: a connection lost between two statements
    // (the database stopped) would be an unhandled 'error' event that kills the process. Its next
    // statement fails anyway, and the client is then destroyed, not returned to the pool.
    let lost: Error | undefined;
    const onError = (error: Error) => (lost = error);
    client.on('error', onError);
    let failure: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await this.current.run({ client, last: Promise.resolve() }, work);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      failure = error as Error;
      if (!lost) await client.query('ROLLBACK').catch((rollbackError: Error) => (lost = rollbackError));
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(lost ?? (failure && isConnectionLoss(failure) ? failure : undefined));
    }
  }
}

/** A parameter's value as an SQL literal of unknown type, which PostgreSQL types by its use, as a parameter. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return escapeLiteral(`{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  return escapeLiteral(String(value));
}
