import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import { canAccessNetwork, type TenantContext } from '../../../common/auth/tenant-context';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { invalid, notFound } from '../../../common/errors/app-error';
import { type PageRequest, toPage } from '../../../common/http/pagination';
import type { FieldError } from '../../../common/errors/app-error';
import { NETWORK_ACCESS, type NetworkAccess, TAG_CATALOG, type TagCatalog } from '../../tenancy';
import {
  CREDENTIAL_REPOSITORY,
  type CredentialFields,
  type CredentialRepository,
  type HostAssignment,
  type StoredCredential,
} from '../domain/credential';
import {
  type CredentialType,
  parseCredentialType,
  REDACTED,
  type Secret,
  type StoredSecret,
} from '../domain/credential-type';
import { SECRET_SEALER, type SecretSealer } from '../domain/secret-sealer';

/** The body of POST and PUT (the spec's Credential update body). */
export interface CredentialInput {
  name: string;
  description?: string | null;
  organization_id: string;
  credential_type: unknown;
  assigned_network_ids: string[];
  host_assignments: { host_id: string; ip_address_ids?: string[] | null }[];
  tags: string[];
}

/** Responses never carry a secret: inline values come back as ********. */
function present(credential: StoredCredential) {
  const type = { ...credential.credential_type } as Record<string, unknown>;
  for (const [field, value] of Object.entries(type)) {
    const secret = value as StoredSecret | null;
    if (secret && typeof secret === 'object' && 'mode' in secret) {
      type[field] =
        secret.mode === 'Inline' ? { mode: 'Inline', value: REDACTED } : { mode: 'FilePath', path: secret.path };
    }
  }
  return {
    id: credential.id,
    organization_id: credential.organization_id,
    name: credential.name,
    description: credential.description,
    credential_type: type,
    assigned_network_ids: credential.assigned_network_ids,
    host_assignments: credential.host_assignments,
    tags: credential.tags,
    created_at: credential.created_at,
    updated_at: credential.updated_at,
  };
}

@Injectable()
export class CredentialsService {
  constructor(
    @Inject(CREDENTIAL_REPOSITORY) private readonly credentials: CredentialRepository,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(SECRET_SEALER) private readonly sealer: SecretSealer,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TAG_CATALOG) private readonly tags: TagCatalog,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const { items, total } = await this.credentials.list(ctx, filter, page);
    return toPage(items.map(present), total, page);
  }

  async get(ctx: TenantContext, id: string) {
    return present(await this.require(ctx, id));
  }

  async create(ctx: TenantContext, input: CredentialInput) {
    return this.tx.transaction(async () => {
      const id = await this.credentials.create(ctx, await this.fieldsOf(ctx, input, undefined));
      const after = await this.get(ctx, id);
      await this.audit.record(ctx, { ...change(id, 'create'), after });
      return after;
    });
  }

  /** PUT: every field replaced; an inline secret sent back as ******** keeps the stored one. */
  async update(ctx: TenantContext, id: string, input: CredentialInput) {
    return this.tx.transaction(async () => {
      const stored = await this.require(ctx, id, true);
      await this.credentials.update(ctx, id, await this.fieldsOf(ctx, input, stored.credential_type));
      const after = await this.get(ctx, id);
      await this.audit.record(ctx, { ...change(id, 'update'), before: present(stored), after });
      return after;
    });
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.tx.transaction(async () => {
      const stored = await this.credentials.find(ctx, id, { lock: true });
      if (!stored || !(await this.credentials.delete(ctx, id))) throw notFound('credential', id);
      await this.audit.record(ctx, { ...change(id, 'delete'), before: present(stored) });
    });
  }

  private async require(ctx: TenantContext, id: string, lock = false): Promise<StoredCredential> {
    const credential = await this.credentials.find(ctx, id, { lock });
    if (!credential) throw notFound('credential', id);
    return credential;
  }

  private async fieldsOf(
    ctx: TenantContext,
    input: CredentialInput,
    stored: CredentialType<StoredSecret> | undefined,
  ): Promise<CredentialFields> {
    const errors: FieldError[] = [];
    if (input.organization_id !== ctx.organizationId) {
      errors.push({
        field: 'organization_id',
        rule: 'own_organization',
        message: 'organization_id must be your organization',
      });
    }
    const parsed = parseCredentialType(input.credential_type, this.config.credentialFileRoot);
    errors.push(...parsed.errors);
    const networkIds = [...new Set(input.assigned_network_ids)];
    const existing = new Set(await this.networks.existingIds(ctx, networkIds));
    networkIds.forEach((id, i) => {
      if (!existing.has(id) || !canAccessNetwork(ctx, id)) {
        errors.push({ field: `assigned_network_ids[${i}]`, rule: 'exists', message: `network ${id} does not exist` });
      }
    });
    const hostAssignments = await this.checkHosts(ctx, input.host_assignments, errors);
    errors.push(...(await this.tags.unknownTags(ctx, input.tags, 'tags')));
    const credentialType = parsed.value && this.seal(parsed.value, stored, errors);
    if (errors.length > 0 || !credentialType) throw invalid(errors);
    return {
      name: input.name,
      description: input.description ?? null,
      credential_type: credentialType,
      tags: [...new Set(input.tags)],
      assigned_network_ids: networkIds,
      host_assignments: hostAssignments,
    };
  }

  private async checkHosts(ctx: TenantContext, assignments: CredentialInput['host_assignments'], errors: FieldError[]) {
    const hosts = new Map(
      (
        await this.credentials.liveHosts(
          ctx,
          assignments.map((a) => a.host_id),
        )
      ).map((h) => [h.id, h]),
    );
    const seen = new Set<string>();
    return assignments.flatMap((assignment, i): (HostAssignment & { network_id: string })[] => {
      const host = hosts.get(assignment.host_id);
      if (!host || seen.has(assignment.host_id)) {
        errors.push({
          field: `host_assignments[${i}].host_id`,
          rule: 'exists',
          message: `host ${assignment.host_id} does not exist or is listed twice`,
        });
        return [];
      }
      seen.add(host.id);
      const ips = assignment.ip_address_ids ?? null;
      const own = new Set(host.ip_address_ids);
      ips?.forEach((ip, j) => {
        if (!own.has(ip))
          errors.push({
            field: `host_assignments[${i}].ip_address_ids[${j}]`,
            rule: 'same_host',
            message: `${ip} is not an IP address of host ${host.id}`,
          });
      });
      return [{ host_id: host.id, network_id: host.network_id, ip_address_ids: ips && [...new Set(ips)] }];
    });
  }

  /** Inline secrets sealed; the sentinel keeps the stored secret of the same field, when there is one. */
  private seal(
    type: CredentialType<Secret>,
    stored: CredentialType<StoredSecret> | undefined,
    errors: FieldError[],
  ): CredentialType<StoredSecret> {
    const sealed = { ...type } as Record<string, unknown>;
    for (const [field, value] of Object.entries(type)) {
      const secret = value as Secret | null;
      if (!secret || typeof secret !== 'object' || !('mode' in secret) || secret.mode !== 'Inline') continue;
      if (secret.value !== REDACTED) {
        sealed[field] = { mode: 'Inline', sealed: this.sealer.seal(secret.value) };
        continue;
      }
      const previous =
        stored?.type === type.type ? ((stored as Record<string, unknown>)[field] as StoredSecret | null) : null;
      if (previous?.mode === 'Inline') sealed[field] = previous;
      else
        errors.push({
          field: `credential_type.${field}.value`,
          rule: 'no_stored_secret',
          message: `${field} has no stored secret to keep; send its value`,
        });
    }
    return sealed as CredentialType<StoredSecret>;
  }
}

/** Credentials belong to the organization (assigned to networks): no network of their own. */
const change = (id: string, action: string) => ({
  resourceType: 'credential',
  resourceId: id,
  action,
  networkId: null,
});
