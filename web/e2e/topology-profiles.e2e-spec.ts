import type { Page } from 'playwright-core';
import { type ApiCall, ingestNetwork } from '../../scripts/seed-network';
import { generateNetwork, type GeneratedProfile } from '../../scripts/seed/profiles';
import type { SeedNetwork } from '../../scripts/seed/types';
import { expectOk } from '../../test/support/http';
import { addNetwork } from '../../test/support/tenants';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();
jest.setTimeout(120_000);

type Positions = Record<string, { x: number; y: number }>;
const screenPositions = (page: Page) =>
  page
    .getByTestId('topology-canvas')
    .evaluate((element) => (element as unknown as { nodeScreenPositions: () => Positions }).nodeScreenPositions());
/** Where nodes are once the camera has stopped (opening on a selection animates it for 400 ms). */
async function restingPositions(page: Page): Promise<Positions> {
  let last = JSON.stringify(await screenPositions(page));
  for (;;) {
    await page.waitForTimeout(250);
    const now = JSON.stringify(await screenPositions(page));
    if (now === last) return JSON.parse(now) as Positions;
    last = now;
  }
}

/** A new organization signed in on a new page, with a network holding `network` as the seed ingests it. */
async function signedInWith(network: SeedNetwork) {
  const { context, page } = await newPage(ui.browser, ui.baseUrl);
  const org = await signInAsNewOrg(ui, context);
  const net = await addNetwork(ui.http, org.owner.session);
  const me = ui.http.as(org.owner.session);
  const call: ApiCall = async (method, path, body) => {
    const reply = method === 'GET' ? await me.get(path) : await me.post(path, body);
    return { status: reply.status, body: JSON.stringify(reply.body) };
  };
  await ingestNetwork(call, net, network);
  return { context, page, net, me };
}

/** Each seed profile, small, drawn in tiers: what traffic enters by on top, switches below, endpoints lowest. */
describe('the L2 map of each seed profile', () => {
  it.each<[GeneratedProfile, number]>([
    ['campus', 120],
    ['datacenter', 120],
    ['mixed', 200],
  ])('%s of %i hosts: tiers top-down, each device type with its icon in the legend', async (profile, size) => {
    const { context, page, net, me } = await signedInWith(generateNetwork(profile, size));

    await page.goto(`/topology?network_id=${net}&view=L2Physical`);
    await page.locator('[data-testid="topology-canvas"][data-state="ready"]').waitFor({ timeout: 60_000 });
    const graph = expectOk(await me.get(`/api/v1/topology?network_id=${net}&view=L2Physical&group=auto`)) as {
      nodes: { id: string; kind: string; data: { device_type?: string; tier?: number } }[];
    };
    const hosts = graph.nodes.filter((n) => n.kind === 'host');
    const typeOf = new Map(hosts.map((h) => [h.id, h.data.device_type]));
    const where = await screenPositions(page);
    const drawnTypes = (types: string[]) => hosts.filter((h) => types.includes(typeOf.get(h.id)!) && where[h.id]);
    const lowest = (nodes: { id: string }[]) => Math.max(...nodes.map((n) => where[n.id].y));
    const highest = (nodes: { id: string }[]) => Math.min(...nodes.map((n) => where[n.id].y));
    // screen y grows downwards: every router or firewall above every switch, every switch above every endpoint
    const edge = drawnTypes(['Router', 'Firewall']);
    const switches = drawnTypes(['Switch']);
    const hanging = hosts.filter(
      (h) => (h.data.tier ?? -1) >= 0 && where[h.id] && !['Router', 'Firewall', 'Switch'].includes(typeOf.get(h.id)!),
    );
    expect(edge.length).toBeGreaterThan(0);
    expect(lowest(edge)).toBeLessThan(highest(switches));
    if (hanging.length) expect(lowest(switches)).toBeLessThan(highest(hanging));

    const legend = await page.getByRole('list', { name: 'Legend' }).innerText();
    for (const type of ['Router', 'Switch']) expect(legend).toContain(type);
    await screenshot(page, `topology-${profile}`);
    await context.close();
  });
});

describe('opening a group of a big campus', () => {
  it('draws its members under the switch it hung off, which stays where it was on the screen, on the same canvas', async () => {
    const { context, page, net, me } = await signedInWith(generateNetwork('campus', 400));
    const graph = expectOk(await me.get(`/api/v1/topology?network_id=${net}&view=L2Physical&group=auto`)) as {
      nodes: { id: string; kind: string; data: { member_count?: number } }[];
    };
    const group = graph.nodes.find((n) => n.id.startsWith('group:attached:'))!;
    const switchId = group.id.slice('group:attached:'.length);

    await page.goto(`/topology?network_id=${net}&view=L2Physical&node=${encodeURIComponent(group.id)}`);
    const ready = page.locator('[data-testid="topology-canvas"][data-state="ready"]');
    await ready.waitFor({ timeout: 60_000 });
    const drawnBefore = Number(await page.getByTestId('topology-canvas').getAttribute('data-nodes'));
    await page.getByTestId('topology-canvas').evaluate((element) => element.setAttribute('data-mark', 'first'));
    const before = (await restingPositions(page))[switchId];

    await page.getByRole('region', { name: 'Inspector' }).getByRole('button', { name: 'Expand' }).click();
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="topology-canvas"]')?.getAttribute('data-nodes')) > n,
      drawnBefore,
    );
    await ready.waitFor();
    const after = await restingPositions(page);
    expect(Math.abs(after[switchId].x - before.x)).toBeLessThan(2);
    expect(Math.abs(after[switchId].y - before.y)).toBeLessThan(2);
    // the same canvas (not rebuilt behind a loading state), the members drawn below their switch
    expect(await page.getByTestId('topology-canvas').getAttribute('data-mark')).toBe('first');
    const members = Object.keys(after).filter((id) => !graph.nodes.some((n) => n.id === id));
    expect(members.length).toBe(group.data.member_count);
    for (const id of members) expect(after[id].y).toBeGreaterThan(after[switchId].y);
    await context.close();
  });
});

interface ApiNode {
  id: string;
  kind: string;
  parent?: string;
  data: { gateway?: boolean };
}

/**
 * The container whose box holds a node: the boxes' corners up and left of it, the lowest row of those, the
 * rightmost there (boxes are packed in rows whose corners share a height; screen y grows downwards).
 */
function boxHolding(at: { x: number; y: number }, corners: [string, { x: number; y: number }][]): string | undefined {
  const before = corners.filter(([, c]) => c.x <= at.x + 1 && c.y <= at.y + 1);
  before.sort(([, a], [, b]) => b.y - a.y || b.x - a.x);
  return before[0]?.[0];
}

describe('containers on the L3 and Workloads maps', () => {
  it.each<[GeneratedProfile, 'L3Logical' | 'Workloads', string, string]>([
    ['campus', 'L3Logical', 'subnet', 'topology-l3'],
    ['datacenter', 'Workloads', 'hypervisor', 'topology-workloads'],
  ])(
    '%s, %s: every node drawn in the box of its %s; L3 gateways above every box',
    async (profile, view, kind, shot) => {
      const { context, page, net, me } = await signedInWith(generateNetwork(profile, 200));

      await page.goto(`/topology?network_id=${net}&view=${view}`);
      await page.locator('[data-testid="topology-canvas"][data-state="ready"]').waitFor({ timeout: 60_000 });
      const graph = expectOk(await me.get(`/api/v1/topology?network_id=${net}&view=${view}&group=auto`)) as {
        nodes: ApiNode[];
      };
      const where = await screenPositions(page);
      const containers = graph.nodes.filter((n) => n.kind === kind);
      const corners = containers.map((c) => [c.id, where[c.id]] as [string, { x: number; y: number }]);
      const gateways = graph.nodes.filter((n) => n.data.gateway);
      const held = graph.nodes.filter((n) => n.parent && containers.some((c) => c.id === n.parent) && !n.data.gateway);
      expect(held.length).toBeGreaterThan(20);
      expect(held.filter((n) => boxHolding(where[n.id], corners) !== n.parent).map((n) => n.id)).toEqual([]);
      if (view === 'L3Logical') {
        // the campus's router, firewall and distribution pair route between its subnets
        expect(gateways.length).toBeGreaterThanOrEqual(4);
        const highestBox = Math.min(...corners.map(([, c]) => c.y));
        for (const gateway of gateways) expect(where[gateway.id].y).toBeLessThan(highestBox);
      }
      await screenshot(page, shot);
      await context.close();
    },
  );
});
