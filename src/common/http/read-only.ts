import { Exclude } from 'class-transformer';

/** What every stored record answers and no body sets. */
export const RECORD_FIELDS = ['id', 'created_at', 'updated_at'] as const;
/** SCD2 bookkeeping of versioned records. */
export const VERSION_FIELDS = ['lineage_id', 'valid_from', 'valid_to'] as const;
/** Discovery bookkeeping of hosts and their children. */
export const OBSERVED_FIELDS = ['last_seen_at', 'first_discovery_id', 'last_discovery_id'] as const;

/**
 * Fields a GET answers that a body may carry back but never sets. They are dropped on the way in
 * (class-transformer's @Exclude, toClassOnly), before validation, so a PUT takes the object exactly as
 * GET returned it; unknown fields are still refused. A body's `id` that differs from the path is
 * refused by BodyIdInterceptor.
 */
export const ReadOnly =
  (...fields: readonly string[]): ClassDecorator =>
  (target) => {
    for (const field of fields) Exclude({ toClassOnly: true })(target.prototype as object, field);
  };
