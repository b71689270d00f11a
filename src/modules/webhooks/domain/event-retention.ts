/** Keeping the events outbox to its retention. */
export interface EventRetentionRepository {
  /**
   * Deletes up to `limit` events of every organization that occurred before `before`, oldest first, none
   * with a webhook delivery still pending; how many.
   */
  pruneBatch(before: Date, limit: number): Promise<number>;
}

export const EVENT_RETENTION_REPOSITORY = Symbol('EVENT_RETENTION_REPOSITORY');
