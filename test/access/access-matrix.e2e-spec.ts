import { auditRows } from '../audit/audit.matrix';
import { authRows } from '../auth/auth.matrix';
import { credentialRows } from '../credentials/credentials.matrix';
import { dependencyRows } from '../dependencies/dependencies.matrix';
import { DISCOVERY_MATRIX_ENV, discoveryRows } from '../discovery/discovery.matrix';
import { hostRows, observationRows } from '../inventory/hosts.matrix';
import { subnetTagRows } from '../inventory/subnets-tags.matrix';
import { sharingRows } from '../sharing/sharing.matrix';
import { buildWorld, MatrixRow, routeInventory, runRow, World } from '../support/access-matrix';
import { HttpClient } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { systemRows } from '../system/system.matrix';
import { tenancyRows } from '../tenancy/tenancy.matrix';
import { topologyRows } from '../topology/topology.matrix';
import { webhookRows } from '../webhooks/webhooks.matrix';

/** One line per route and variant; a new route adds its line to its module's *.matrix.ts. */
const ROWS: MatrixRow[] = [
  ...systemRows,
  ...authRows,
  ...tenancyRows,
  ...hostRows,
  ...observationRows,
  ...subnetTagRows,
  ...credentialRows,
  ...dependencyRows,
  ...topologyRows,
  ...sharingRows,
  ...discoveryRows,
  ...auditRows,
  ...webhookRows,
];

describe('access matrix: every route, every kind of caller, the exact status', () => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await createTestApp({ env: DISCOVERY_MATRIX_ENV });
    world = await buildWorld(new HttpClient(t.app), t.dataSource);
  }, 60_000);
  afterAll(() => t.close());

  it('covers every route the app serves (the inventory comes from the OpenAPI document)', async () => {
    const routes = await routeInventory(world.http);
    const covered = new Set(ROWS.map((row) => row.route));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(ROWS.map((row) => [`${row.route}${row.variant ? ` (${row.variant})` : ''}`, row] as const))(
    '%s',
    async (_name, row) => {
      expect(await runRow(world, row)).toEqual([]);
    },
  );
});
