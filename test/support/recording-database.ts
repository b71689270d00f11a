import type { Transform } from 'node:stream';
import { Database } from '../../src/common/database/database';

/** The real Database that also writes down the text of every statement it runs. */
export class RecordingDatabase extends Database {
  private statements: string[] = [];

  override query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    this.statements.push(sql);
    return super.query<Row>(sql, params);
  }

  override onePrepared<Row>(name: string, sql: string, params: readonly unknown[]): Promise<Row | undefined> {
    this.statements.push(sql);
    return super.onePrepared<Row>(name, sql, params);
  }

  override execute(sql: string, params: readonly unknown[] = []): Promise<number> {
    this.statements.push(sql);
    return super.execute(sql, params);
  }

  override copyOut(
    sql: string,
    params: readonly unknown[],
    through: Transform,
    into: NodeJS.WritableStream,
  ): Promise<void> {
    this.statements.push(sql);
    return super.copyOut(sql, params, through, into);
  }

  /** Runs `work` in a transaction that is rolled back; answers the statements it ran, in order. */
  async recordRolledBack(work: () => Promise<unknown>): Promise<string[]> {
    this.statements = [];
    const rollback = new Error('roll back');
    await this.transaction(async () => {
      await work();
      throw rollback;
    }).catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
    return this.statements;
  }
}
