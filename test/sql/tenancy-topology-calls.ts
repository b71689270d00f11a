import { PgNetworkRepository } from '../../src/modules/tenancy/infrastructure/network.repository';
import { PgOrganizationRepository } from '../../src/modules/tenancy/infrastructure/organization.repository';
import { PgTagRepository } from '../../src/modules/tenancy/infrastructure/tag.repository';
import { PgUserRepository } from '../../src/modules/tenancy/infrastructure/user.repository';
import { L2SummaryRepository } from '../../src/modules/topology/infrastructure/l2-summary.repository';
import { NetworkStateRepository } from '../../src/modules/topology/infrastructure/network-state.repository';
import { PositionsRepository } from '../../src/modules/topology/infrastructure/positions.repository';
import type { RepositoryCalls } from './repository-calls';
import type { Seed } from './seed';

const networkInput = (s: Seed) => ({ name: 'branch', description: '', stale_after_hours: 48, tags: [s.tagId] });
const VIEWS = ['L2Physical', 'L3Logical', 'Workloads', 'Application'];

export const TENANCY_AND_TOPOLOGY: RepositoryCalls[] = [
  {
    file: 'src/modules/tenancy/infrastructure/network.repository.ts',
    type: PgNetworkRepository,
    calls: {
      list: (s) => [[s.ctx, {}, s.page]],
      find: (s) => [[s.ctx, s.networkId]],
      create: (s) => [[s.ctx, networkInput(s)]],
      update: (s) => [[s.ctx, s.networkId, networkInput(s)]],
      delete: (s) => [[s.ctx, s.missing]],
      countInOrganization: (s) => [[s.ctx]],
      existingIds: (s) => [[s.ctx, [s.networkId]]],
      setTags: 'private',
    },
  },
  {
    file: 'src/modules/tenancy/infrastructure/organization.repository.ts',
    type: PgOrganizationRepository,
    calls: {
      create: () => [[{ name: 'Acme', useCase: null, planType: 'Community' }]],
      get: (s) => [[s.ctx.organizationId]],
      setPlan: (s) => [[s.ctx.organizationId, 'Community', null]],
      setReferralSource: (s) => [[s.ctx.organizationId, 'Other', 'a colleague']],
      setCompanySize: (s) => [[s.ctx.organizationId, '1-10']],
      addOnboardingStep: (s) => [[s.ctx.organizationId, 'FirstNetworkCreated']],
    },
  },
  {
    file: 'src/modules/tenancy/infrastructure/tag.repository.ts',
    type: PgTagRepository,
    calls: {
      list: (s) => [[s.ctx, s.page]],
      find: (s) => [[s.ctx, s.tagId]],
      create: (s) => [[s.ctx, { name: 'lab', color: 'Blue' }]],
      update: (s) => [[s.ctx, s.tagId, { name: 'renamed', color: 'Green' }]],
      delete: (s) => [[s.ctx, s.tagId]],
      existingIds: (s) => [[s.ctx, [s.tagId]]],
    },
  },
  {
    file: 'src/modules/tenancy/infrastructure/user.repository.ts',
    type: PgUserRepository,
    calls: {
      create: (s) => [
        [
          {
            organizationId: s.ctx.organizationId,
            email: 'member@example.test',
            name: 'Member',
            role: 'Member',
            passwordHash: 'not a real hash',
            networkIds: [s.networkId],
          },
        ],
      ],
      list: (s) => [[s.ctx, s.page]],
      find: (s) => [[s.ctx, s.ctx.userId]],
      update: (s) => [
        [s.ctx, s.ctx.userId, { name: 'Renamed' }],
        [s.ctx, s.ctx.userId, { networkIds: [s.networkId] }],
      ],
      delete: (s) => [[s.ctx, s.missing]],
      countOwners: (s) => [[s.ctx]],
      setJobTitle: (s) => [[s.ctx, 'Network engineer']],
      findForLogin: () => [['owner@example.test']],
      byId: 'private',
      grant: 'private',
    },
  },
  {
    file: 'src/modules/topology/infrastructure/l2-summary.repository.ts',
    type: L2SummaryRepository,
    calls: {
      rows: (s) => [[s.ctx, s.networkId, null]],
      firstSubnets: (s) => [[s.ctx, s.networkId, new Date(), [s.hostId]]],
      readWhole: (s) => [[s.ctx, s.networkId, null, { hosts: [s.hostId], interfaces: [] }]],
      search: (s) => [[s.ctx, s.networkId, null, { needle: 'web', macNeedle: '' }]],
    },
  },
  {
    file: 'src/modules/topology/infrastructure/network-state.repository.ts',
    type: NetworkStateRepository,
    calls: {
      load: (s) => [
        ...VIEWS.map((view) => [s.ctx, s.networkId, view, null]),
        [s.ctx, s.networkId, 'L2Physical', new Date(), ['subnets', 'ip_addresses', 'services']],
      ],
    },
  },
  {
    file: 'src/modules/topology/infrastructure/positions.repository.ts',
    type: PositionsRepository,
    calls: {
      forView: (s) => [[s.ctx, s.networkId, 'L2Physical']],
      merge: (s) => [[s.ctx, s.networkId, 'L2Physical', { [s.hostId]: { x: 1, y: 2 } }]],
      reset: (s) => [[s.ctx, s.networkId, 'L2Physical']],
    },
  },
];
