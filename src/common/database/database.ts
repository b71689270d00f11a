import { Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { databaseUnavailable as isConnectionLoss, transactionConflict } from './database-errors';

/** Port for application services: run work atomically; repositories called inside join the transaction. */
export interface TransactionRunner {
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

/** Runs of one transaction that PostgreSQL aborted for a conflict with another (deadlock, serialization). */
const ATTEMPTS = 3;

/**
 * Plain SQL through pg (no entity hydration) for repositories. Inside transaction() every query runs on
 * that transaction's client (AsyncLocalStorage), so services compose repository calls freely.
 */
@Injectable()
export class Database implements TransactionRunner {
  private readonly current = new AsyncLocalStorage<PoolClient>();
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    this.pool = (dataSource.driver as unknown as { master: Pool }).master;
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    const client = this.current.getStore() ?? this.pool;
    return (await client.query(sql, params as unknown[])).rows as Row[];
  }

  async one<Row>(sql: string, params: readonly unknown[] = []): Promise<Row | undefined> {
    return (await this.query<Row>(sql, params))[0];
  }

  /** For statements without RETURNING: how many rows they touched. */
  async execute(sql: string, params: readonly unknown[] = []): Promise<number> {
    const client = this.current.getStore() ?? this.pool;
    return (await client.query(sql, params as unknown[])).rowCount ?? 0;
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
      }
    }
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
      const result = await this.current.run(client, work);
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
