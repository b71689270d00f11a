import type { TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';
import type { CredentialType, StoredSecret } from './credential-type';

export interface HostAssignment {
  host_id: string;
  ip_address_ids: string[] | null;
}

export interface StoredCredential {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  credential_type: CredentialType<StoredSecret>;
  tags: string[];
  assigned_network_ids: string[];
  host_assignments: HostAssignment[];
  created_at: Date;
  updated_at: Date;
}

export interface CredentialFields {
  name: string;
  description: string | null;
  credential_type: CredentialType<StoredSecret>;
  tags: string[];
  assigned_network_ids: string[];
  /** With the network of each host, for the composite foreign key. */
  host_assignments: (HostAssignment & { network_id: string })[];
}

/**
 * Every method is limited to the caller's organization and to credentials whose every network
 * (assigned networks and the networks of assigned hosts) the caller may access.
 */
export interface CredentialRepository {
  list(
    ctx: TenantContext,
    filter: { networkId?: string },
    page: PageRequest,
  ): Promise<{ items: StoredCredential[]; total: number }>;
  find(ctx: TenantContext, id: string, options?: { lock: boolean }): Promise<StoredCredential | undefined>;
  create(ctx: TenantContext, fields: CredentialFields): Promise<string>;
  update(ctx: TenantContext, id: string, fields: CredentialFields): Promise<void>;
  delete(ctx: TenantContext, id: string): Promise<boolean>;
  /** Credentials assigned to hosts of the network (first) or to the network itself, by name. */
  forScan(ctx: TenantContext, networkId: string): Promise<ScanCredential[]>;
  /** Live hosts the caller may access, with their network and live IP address ids. */
  liveHosts(
    ctx: TenantContext,
    ids: readonly string[],
  ): Promise<{ id: string; network_id: string; ip_address_ids: string[] }[]>;
  /** A deleted host's assignments go with it: credentials stop applying to it. */
  forgetHost(ctx: TenantContext, hostId: string): Promise<void>;
  /** Host assignments of the network stop naming addresses that are no longer live. */
  forgetClosedAddresses(ctx: TenantContext, networkId: string): Promise<void>;
  /** Takes a deleted tag out of every credential's tags. */
  forgetTag(ctx: TenantContext, tagId: string): Promise<void>;
}

/** A credential a scan of one network may use: on every address (network assignment) or on some. */
export interface ScanCredential {
  credential_type: CredentialType<StoredSecret>;
  /** null: every address of the network; else the live addresses of the assigned host. */
  addresses: string[] | null;
}

export const CREDENTIAL_REPOSITORY = Symbol('CREDENTIAL_REPOSITORY');
