import type { TenantContext } from '../../../common/auth/tenant-context';
import type { HostDraft } from './host';
import type { IdentityColumns } from './identity/identity';

export interface LiveRef {
  id: string;
  network_id: string;
}

/** Writes hosts with their children as versioned sets; all methods run inside the caller's transaction. */
export interface HostWriter {
  /** Locks the live host for the rest of the transaction; undefined when missing or out of the caller's reach. */
  lock(ctx: TenantContext, id: string): Promise<(LiveRef & IdentityColumns) | undefined>;
  /** The instant of this write (taken after the locks). */
  instant(): Promise<Date>;
  create(ctx: TenantContext, id: string, draft: HostDraft, identity: IdentityColumns, at: Date): Promise<void>;
  /** Versions the host and replaces its tags and children: matched by id updated, missing closed, new inserted. */
  replace(ctx: TenantContext, id: string, draft: HostDraft, identity: IdentityColumns, at: Date): Promise<void>;
  /** Closes the host, its tags and its children. */
  close(ctx: TenantContext, id: string, at: Date): Promise<void>;

  liveSubnets(ctx: TenantContext, networkId: string, ids: readonly string[]): Promise<{ id: string; cidr: string }[]>;
  liveHosts(ctx: TenantContext, ids: readonly string[]): Promise<LiveRef[]>;
  liveInterfaces(ctx: TenantContext, ids: readonly string[]): Promise<{ id: string; host_id: string }[]>;
  /** Takes a deleted tag out of every service's tags. */
  forgetTag(ctx: TenantContext, tagId: string): Promise<void>;
  /** Of these child ids, those already used by a row that is not a live child of this host. */
  takenChildIds(ctx: TenantContext, hostId: string | null, ids: Record<string, readonly string[]>): Promise<string[]>;
}

export const HOST_WRITER = Symbol('HOST_WRITER');
