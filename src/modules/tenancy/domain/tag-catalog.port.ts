import type { TenantContext } from '../../../common/auth/tenant-context';
import type { FieldError } from '../../../common/errors/app-error';

/** How other modules check the tag ids in a body: tenancy owns the tags table. */
export interface TagCatalog {
  /** Field errors for the ids in a body that are not tags of the organization. */
  unknownTags(ctx: TenantContext, ids: readonly string[], field: string): Promise<FieldError[]>;
  /** Tag ids in a body must be the organization's: any other id is a 400 naming it. */
  requireAll(ctx: TenantContext, ids: readonly string[], field: string): Promise<void>;
}

export const TAG_CATALOG = Symbol('TAG_CATALOG');
