import type { Database } from '../../src/common/database/database';
import { AUDIT } from './audit-calls';
import { PgApiKeyRepository } from '../../src/modules/auth/infrastructure/api-key.repository';
import { PgSessionRepository } from '../../src/modules/auth/infrastructure/session.repository';
import { PgDependencyRepository } from '../../src/modules/dependencies/infrastructure/dependency.repository';
import { PgCredentialRepository } from '../../src/modules/credentials/infrastructure/credential.repository';
import { PgRunRepository } from '../../src/modules/discovery/infrastructure/run.repository';
import { PgScheduleRepository } from '../../src/modules/discovery/infrastructure/schedule.repository';
import { PgShareRepository } from '../../src/modules/sharing/infrastructure/share.repository';
import { INVENTORY } from './inventory-calls';
import type { Seed } from './seed';
import { SSO } from './sso-calls';
import { TENANCY_AND_TOPOLOGY } from './tenancy-topology-calls';
import { WEBHOOKS } from './webhooks-calls';

/**
 * For each repository, the calls that make it issue every statement it can: one argument list per
 * call, several where a method's SQL depends on its arguments; 'private' for helpers the others call.
 */
export interface RepositoryCalls {
  file: string;
  type: new (db: Database) => object;
  calls: Record<string, ((s: Seed) => unknown[][]) | 'private'>;
}

const hash = Buffer.alloc(32, 7);
const later = new Date('2100-01-01T00:00:00Z');
const runSettings = { targets: ['10.9.0.0/30'], ports: [22, 80], snmp: false, timeout_ms: 1000, concurrency: 16 };

export const REPOSITORIES: RepositoryCalls[] = [
  {
    file: 'src/modules/auth/infrastructure/api-key.repository.ts',
    type: PgApiKeyRepository,
    calls: {
      list: (s) => [[s.ctx, s.page]],
      find: (s) => [[s.ctx, s.missing]],
      create: (s) => [[s.ctx, keyFields(s), hash]],
      update: (s) => [[s.ctx, s.missing, keyFields(s)]],
      replaceSecret: (s) => [[s.ctx, s.missing, hash]],
      delete: (s) => [[s.ctx, s.missing]],
      findCredential: () => [[hash]],
      touch: (s) => [[s.ctx.organizationId, s.missing]],
      removeNetwork: (s) => [[s.ctx, s.missing]],
    },
  },
  {
    file: 'src/modules/auth/infrastructure/session.repository.ts',
    type: PgSessionRepository,
    calls: {
      create: (s) => [[hash, s.ctx.organizationId, s.ctx.userId, later]],
      findLive: () => [[hash]],
      touch: () => [[hash]],
      delete: () => [[hash]],
    },
  },
  {
    file: 'src/modules/credentials/infrastructure/credential.repository.ts',
    type: PgCredentialRepository,
    calls: {
      list: (s) => [[s.ctx, {}, s.page]],
      find: (s) => [
        [s.ctx, s.missing],
        [s.ctx, s.missing, { lock: true }],
      ],
      create: (s) => [[s.ctx, credentialFields(s)]],
      update: (s) => [[s.ctx, s.credentialId, credentialFields(s)]],
      delete: (s) => [[s.ctx, s.missing]],
      forScan: (s) => [[s.ctx, s.networkId]],
      liveHosts: (s) => [[s.ctx, [s.hostId]]],
      forgetClosedAddresses: (s) => [[s.ctx, s.networkId]],
      forgetTag: (s) => [[s.ctx, s.tagId]],
      assign: 'private',
      forgetHost: (s) => [[s.ctx, s.missing]],
    },
  },
  {
    file: 'src/modules/dependencies/infrastructure/dependency.repository.ts',
    type: PgDependencyRepository,
    calls: {
      list: (s) => [
        [s.ctx, {}, s.page],
        [s.ctx, { at: later, serviceId: s.serviceId, tagIds: [s.tagId], networkId: s.networkId }, s.page],
      ],
      find: (s) => [
        [s.ctx, s.missing],
        [s.ctx, s.missing, later],
      ],
      lock: (s) => [[s.ctx, s.missing]],
      history: (s) => [[s.ctx, s.missing]],
      instant: () => [[]],
      create: (s) => [[s.ctx, s.networkId, dependencyFields(s), new Date()]],
      update: (s) => [[s.ctx, s.missing, dependencyFields(s), new Date()]],
      close: (s) => [[s.ctx, [s.missing], new Date()]],
      liveMembers: (s) => [
        [s.ctx, s.networkId, 'Services', [s.serviceId]],
        [s.ctx, s.networkId, 'Bindings', [s.bindingId], true],
      ],
      withClosedMembers: (s) => [[s.ctx, s.networkId]],
      serviceExists: (s) => [[s.ctx, s.serviceId]],
      forgetTag: (s) => [[s.ctx, s.tagId]],
    },
  },
  ...INVENTORY,
  {
    file: 'src/modules/discovery/infrastructure/run.repository.ts',
    type: PgRunRepository,
    calls: {
      create: (s) => [[s.ctx, s.networkId, runSettings, 4]],
      list: (s) => [[s.ctx, {}, s.page]],
      find: (s) => [[s.ctx, s.missing]],
      cancel: (s) => [[s.ctx, s.missing]],
      claim: (s) => [[s.ctx, s.missing]],
      heartbeat: (s) => [[s.ctx, s.missing]],
      progress: (s) => [[s.ctx, s.missing, { targets_total: 4, targets_done: 1, hosts_found: 0 }]],
      hostsFound: (s) => [[s.ctx, s.missing, [{ host_id: s.hostId }]]],
      addDiagnostics: (s) => [[s.ctx, s.missing, [{ host_id: s.hostId, kind: 'snmp' }]]],
      addEvents: 'private',
      diagnostics: (s) => [[s.ctx, s.missing, {}, s.page]],
      finish: (s) => [[s.ctx, s.missing, 'completed', null]],
      requeue: (s) => [[s.ctx, s.missing, true]],
      events: (s) => [[s.ctx, s.missing, '0']],
      stalled: () => [[later]],
    },
  },
  {
    file: 'src/modules/discovery/infrastructure/schedule.repository.ts',
    type: PgScheduleRepository,
    calls: {
      create: (s) => [
        [s.ctx, s.networkId, { ...runSettings, name: 'nightly', cron: '0 3 * * *', enabled: true, next_run_at: later }],
      ],
      list: (s) => [[s.ctx, {}, s.page]],
      find: (s) => [[s.ctx, s.missing]],
      delete: (s) => [[s.ctx, s.missing]],
      lockDue: () => [[later]],
      advance: (s) => [[s.ctx, s.missing, later, null]],
    },
  },
  {
    file: 'src/modules/sharing/infrastructure/share.repository.ts',
    type: PgShareRepository,
    calls: {
      list: (s) => [[s.ctx, {}, s.page]],
      find: (s) => [[s.ctx, s.missing]],
      create: (s) => [[s.ctx, s.networkId, shareFields()]],
      update: (s) => [[s.ctx, s.missing, shareFields()]],
      delete: (s) => [[s.ctx, s.missing]],
      findPublic: (s) => [[s.missing]],
    },
  },
  ...TENANCY_AND_TOPOLOGY,
  ...AUDIT,
  ...WEBHOOKS,
  ...SSO,
];

function dependencyFields(s: Seed) {
  return {
    name: 'web to db',
    description: null,
    color: 'Blue',
    dependency_type: 'RequestPath',
    edge_style: 'Straight',
    member_type: 'Services',
    member_ids: [s.serviceId],
    tags: [],
  };
}

function keyFields(s: Seed) {
  return { name: 'ci', permissions: 'Viewer', network_ids: [s.networkId], expires_at: null, is_enabled: true };
}

function credentialFields(s: Seed) {
  return {
    name: 'public',
    description: null,
    credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'sealed' } },
    tags: [],
    assigned_network_ids: [s.networkId],
    host_assignments: [{ network_id: s.networkId, host_id: s.hostId, ip_address_ids: null }],
  };
}

function shareFields() {
  return {
    name: 'wall',
    is_enabled: true,
    expires_at: null,
    allowed_domains: [],
    password_hash: null,
    enabled_views: ['L2Physical'],
    options: {},
  };
}
