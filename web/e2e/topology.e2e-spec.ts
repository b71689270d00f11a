import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import type { Page } from 'playwright-core';
import { rack, subnetCount } from '../../scripts/seed-data';
import { addSubnet } from '../../test/support/hosts';
import { expectOk } from '../../test/support/http';
import type { Org } from '../../test/support/tenants';
import { accessibilityProblems } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();
// Browser tests on a shared two-core machine: room for a slow first draw.
jest.setTimeout(60_000);

/**
 * A small network: a switch linked (LLDP, 1 Gb/s) to a hypervisor running a VM, a printer, two subnets,
 * and three services chained by a dependency.
 */
async function seed(org: Org) {
  const as = ui.http.as(org.owner.session);
  const net = expectOk(await as.post('/api/v1/networks', { name: 'Office LAN' }), 201).id as string;
  const lan = expectOk(await as.post('/api/v1/subnets', { network_id: net, cidr: '10.0.0.0/24' }), 201).id;
  const mgmt = expectOk(await as.post('/api/v1/subnets', { network_id: net, cidr: '10.9.0.0/24' }), 201).id;
  const ids = { swPort1: randomUUID(), swPort2: randomUUID(), hvEth: randomUUID() };
  const services = { web: randomUUID(), cache: randomUUID(), db: randomUUID() };
  const swBody = (neighbor?: object) => ({
    network_id: net,
    name: 'core-switch',
    interfaces: [
      { id: ids.swPort1, if_index: 1, if_name: 'ge-0/0/1', speed_bps: 1_000_000_000, ...(neighbor && { neighbor }) },
      { id: ids.swPort2, if_index: 2, if_name: 'ge-0/0/2', speed_bps: 1_000_000_000 },
    ],
  });
  const sw = expectOk(await as.post('/api/v1/hosts', swBody()), 201);
  const hv = expectOk(
    await as.post('/api/v1/hosts', {
      network_id: net,
      name: 'hypervisor-1',
      ip_addresses: [
        { subnet_id: lan, ip_address: '10.0.0.2' },
        { subnet_id: mgmt, ip_address: '10.9.0.2' },
      ],
      interfaces: [
        {
          id: ids.hvEth,
          if_index: 1,
          if_name: 'eth0',
          speed_bps: 1_000_000_000,
          neighbor: { host_id: sw.id, interface_id: ids.swPort1, provenance: 'lldp' },
        },
      ],
      services: [{ id: services.db, name: 'postgres', service_definition: 'Postgres' }],
    }),
    201,
  );
  expectOk(
    await as.put(`/api/v1/hosts/${sw.id}`, swBody({ host_id: hv.id, interface_id: ids.hvEth, provenance: 'lldp' })),
  );
  const [vmIp, vmPorts] = [randomUUID(), { https: randomUUID(), redis: randomUUID() }];
  const vm = expectOk(
    await as.post('/api/v1/hosts', {
      network_id: net,
      name: 'app-vm',
      virtualization: { type: 'Vm', host_id: hv.id },
      ip_addresses: [{ id: vmIp, subnet_id: lan, ip_address: '10.0.0.3' }],
      ports: [
        { id: vmPorts.https, number: 443, protocol: 'Tcp', type: 'Https' },
        { id: vmPorts.redis, number: 6379, protocol: 'Tcp', type: 'Redis' },
      ],
      services: [
        {
          id: services.web,
          name: 'nginx',
          service_definition: 'Nginx',
          bindings: [{ type: 'Port', ip_address_id: vmIp, port_id: vmPorts.https }],
        },
        {
          id: services.cache,
          name: 'redis',
          service_definition: 'Redis',
          bindings: [{ type: 'Port', ip_address_id: vmIp, port_id: vmPorts.redis }],
        },
      ],
    }),
    201,
  );
  const printer = expectOk(
    await as.post('/api/v1/hosts', {
      network_id: net,
      name: 'printer',
      ip_addresses: [{ subnet_id: lan, ip_address: '10.0.0.9' }],
    }),
    201,
  );
  expectOk(
    await as.post('/api/v1/dependencies', {
      name: 'checkout',
      network_id: net,
      color: 'Teal',
      dependency_type: 'RequestPath',
      edge_style: 'Straight',
      members: { type: 'Services', service_ids: [services.web, services.cache, services.db] },
      tags: [],
    }),
    201,
  );
  const link = `link:${[ids.hvEth, ids.swPort1].sort().join(':')}`;
  return { as, net, lan, sw, hv, vm, printer, ids, link, swBody };
}

const canvas = (page: Page) => page.getByTestId('topology-canvas');

/** Picks a format in the canvas's Export menu; the file the browser saved. */
async function exportAs(page: Page, format: 'PNG' | 'SVG' | 'draw.io' | 'GraphML') {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const formats = page.getByRole('group', { name: 'Export formats' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    formats.getByRole('button', { name: format, exact: true }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

/** A PNG's size and its text chunks (tEXt and iTXt), read from its bytes. */
function pngInfo(png: Buffer) {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  const texts: Record<string, string> = {};
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + length);
    const zero = data.indexOf(0);
    if (type === 'tEXt') texts[data.subarray(0, zero).toString('latin1')] = data.subarray(zero + 1).toString('latin1');
    if (type === 'iTXt') texts[data.subarray(0, zero).toString('utf8')] = data.subarray(zero + 5).toString('utf8');
    at += 12 + length;
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), texts };
}

const parseXml = (xml: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(xml, 'text/xml');

/** The canvas has drawn new data and its layout has settled. */
async function ready(page: Page, nodes?: number) {
  const selector = `[data-testid="topology-canvas"][data-state="ready"]${nodes === undefined ? '' : `[data-nodes="${nodes}"]`}`;
  await page.locator(selector).waitFor();
}

async function findNode(page: Page, label: string) {
  const search = page.getByRole('combobox', { name: 'Find a node' });
  await search.fill(label);
  await page
    .getByRole('option', { name: new RegExp(label) })
    .first()
    .waitFor();
  await search.press('Enter');
}

/** Two hosts cabled to each other (LLDP): the smallest map, where the fit used to put one under the minimap. */
async function seedTwoHosts(org: Org) {
  const as = ui.http.as(org.owner.session);
  const network = expectOk(await as.post('/api/v1/networks', { name: 'Two hosts' }), 201);
  const [a, b] = [randomUUID(), randomUUID()];
  const left = expectOk(
    await as.post('/api/v1/hosts', {
      network_id: network.id,
      name: 'edge-router',
      interfaces: [{ id: a, if_index: 1, if_name: 'ge-0/0/0' }],
    }),
    201,
  );
  expectOk(
    await as.post('/api/v1/hosts', {
      network_id: network.id,
      name: 'file-server',
      interfaces: [
        { id: b, if_index: 1, if_name: 'eth0', neighbor: { host_id: left.id, interface_id: a, provenance: 'lldp' } },
      ],
    }),
    201,
  );
  return { as, network: network as { id: string; created_at: string } };
}

const OVERLAYS = ['.graph-top-left', '.graph-top-right', '.graph-legend', '.graph-bottom-right'];

/** Every drawn node's centre, and a disc of its size around it, is inside the canvas and under no overlay. */
async function expectNodesInTheOpen(page: Page, count: number) {
  const positions = await canvas(page).evaluate((element) =>
    (
      element as unknown as { nodeScreenPositions: () => Record<string, { x: number; y: number }> }
    ).nodeScreenPositions(),
  );
  const points = Object.values(positions);
  expect(points).toHaveLength(count);
  const frame = (await canvas(page).boundingBox())!;
  const radius = 10;
  for (const p of points) {
    expect(p.x - radius).toBeGreaterThan(frame.x);
    expect(p.y - radius).toBeGreaterThan(frame.y);
    expect(p.x + radius).toBeLessThan(frame.x + frame.width);
    expect(p.y + radius).toBeLessThan(frame.y + frame.height);
  }
  expect(await page.getByTestId('topology-minimap').count()).toBe(1);
  for (const selector of OVERLAYS) {
    const overlay = page.locator(`[data-testid="topology-canvas"] ${selector}`);
    if (!(await overlay.count())) continue;
    const box = (await overlay.boundingBox())!;
    for (const p of points) {
      const under =
        p.x + radius > box.x &&
        p.x - radius < box.x + box.width &&
        p.y + radius > box.y &&
        p.y - radius < box.y + box.height;
      expect({ overlay: selector, node: p, under }).toEqual({ overlay: selector, node: p, under: false });
    }
  }
}

describe('the topology page', () => {
  it('fits a two-host map clear of the minimap and the other overlays, signed in and shared; the time slider spans the network’s life', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: { width: 1280, height: 800 } });
    const org = await signInAsNewOrg(ui, context);
    const { as, network } = await seedTwoHosts(org);
    await page.goto('/topology');
    await ready(page, 2);
    await expectNodesInTheOpen(page, 2);
    // The inspector beside the map narrows it: the fit follows while the camera was not moved by hand.
    await findNode(page, 'file-server');
    await page.getByRole('region', { name: 'Inspector' }).waitFor();
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await page.waitForTimeout(600);
    await expectNodesInTheOpen(page, 2);
    await screenshot(page, 'topology-two-hosts');

    // One step back on the slider stays within the network's life (it spanned 30 days: hours before it existed).
    await page.keyboard.press('Escape');
    const slider = page.getByRole('slider', { name: /^Time/ });
    await slider.focus();
    await slider.press('ArrowLeft');
    await page.waitForURL((url) => url.searchParams.has('at'));
    const at = new URL(page.url()).searchParams.get('at')!;
    expect(new Date(at).getTime()).toBeGreaterThanOrEqual(new Date(network.created_at).getTime());
    await ready(page, 2);
    expect(await page.getByText(/Nothing to draw/).count()).toBe(0);

    // The same map on a public share (no password, minimap shown), opened without a session.
    const share = expectOk(
      await as.post('/api/v1/shares', {
        network_id: network.id,
        name: 'Two hosts wall',
        enabled_views: ['L2Physical'],
        options: { show_minimap: true },
      }),
      201,
    );
    const visitor = await newPage(ui.browser, ui.baseUrl, { viewport: { width: 1280, height: 800 } });
    await visitor.page.goto(`/share/${share.id}`);
    await ready(visitor.page, 2);
    await expectNodesInTheOpen(visitor.page, 2);
    await screenshot(visitor.page, 'share-two-hosts');
    await visitor.context.close();
    await context.close();
  });

  it('draws the L2 view, finds a node, inspects a link, exports it (draw.io, GraphML, PNG, SVG), switches views and exports again', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: { width: 1280, height: 800 } });
    const org = await signInAsNewOrg(ui, context);
    const w = await seed(org);
    await page.goto('/topology');
    // Interfaces are folded into their hosts: four hosts, one link.
    await ready(page, 4);
    expect(await canvas(page).getAttribute('data-edges')).toBe('1');
    expect(await page.evaluate(() => performance.getEntriesByName('topology:interactive').length)).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('network_id')).toBeNull();
    await expect(page.getByRole('combobox', { name: 'Network' }).inputValue()).resolves.toBe(w.net);
    await screenshot(page, 'topology');

    // Search: Enter centres the node and selects it; a click on the centre of the drawing hits it.
    await findNode(page, 'hypervisor');
    await page.waitForURL((url) => url.searchParams.get('node') === w.hv.id);
    const inspector = page.getByRole('region', { name: 'Inspector' });
    await inspector.getByRole('heading', { name: /hypervisor-1/ }).waitFor();
    await inspector.getByRole('link', { name: 'Open host details →' }).waitFor();
    expect(await inspector.getByRole('link', { name: 'Open host details →' }).getAttribute('href')).toBe(
      `/hosts/${w.hv.id}`,
    );
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('node'));
    await page.waitForTimeout(500); // the camera's move
    const box = (await canvas(page).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL((url) => url.searchParams.get('node') === w.hv.id);

    // From the host to its port, from the port to its link.
    // The host reads its link from its side too.
    await inspector.getByRole('button', { name: 'eth0 → core-switch ge-0/0/1' }).waitFor();
    await inspector.getByRole('button', { name: 'eth0', exact: true }).click();
    await inspector.getByRole('heading', { name: /eth0/ }).waitFor();
    // Links read from where the reader stands: this port → the far host and its port.
    await inspector.getByRole('button', { name: 'eth0 → core-switch ge-0/0/1' }).click();
    await page.waitForURL((url) => url.searchParams.get('node') === w.link);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('node'));

    // Or straight on the drawing: the link leaves the centred host somewhere; the pointer finds it.
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    let onEdge: [number, number] | undefined;
    for (let step = 0; step < 180 && !onEdge; step++) {
      const angle = (step * 2 * Math.PI) / 180;
      const at: [number, number] = [x + 45 * Math.cos(angle), y + 45 * Math.sin(angle)];
      await page.mouse.move(...at);
      if (await page.locator('[data-hover="edge"]').count()) onEdge = at;
    }
    expect(onEdge).toBeDefined();
    await page.mouse.click(...onEdge!);
    await page.waitForURL((url) => url.searchParams.get('node') === w.link);
    // Both ends, speed and how it was learnt.
    await inspector.getByRole('heading', { name: /L2 link/ }).waitFor();
    const facts = await inspector.locator('dl').innerText();
    expect(facts).toMatch(/From\s+hypervisor-1 eth0|From\s+core-switch ge-0\/0\/1/);
    expect(facts).toMatch(/To\s+(core-switch ge-0\/0\/1|hypervisor-1 eth0)/);
    expect(facts).toContain('1 Gb/s');
    expect(facts).toContain('LLDP');
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await page.waitForTimeout(500);
    await screenshot(page, 'topology-inspect-edge');

    // Diagram exports of the L2 map: every drawn host a vertex at its place, the link between two of them.
    const drawio = await exportAs(page, 'draw.io');
    expect(drawio.name).toBe('topology-L2Physical.drawio');
    const mx = parseXml(drawio.bytes.toString('utf8'));
    const cells = Array.from(mx.getElementsByTagName('mxCell'));
    const vertices = cells.filter((c) => c.getAttribute('vertex') === '1');
    expect(vertices.map((v) => v.getAttribute('value')).sort()).toEqual([
      'app-vm',
      'core-switch',
      'hypervisor-1',
      'printer',
    ]);
    for (const v of vertices)
      expect(Number(v.getElementsByTagName('mxGeometry')[0].getAttribute('width'))).toBeGreaterThan(0);
    const [cable] = cells.filter((c) => c.getAttribute('edge') === '1');
    expect(cable.getAttribute('value')).toBe('ge-0/0/1 ↔ eth0'); // the ends tie on links: core-switch reads first
    expect(cable.getAttribute('source')).toBe(`n:${w.sw.id}`);
    expect(mx.getElementsByTagName('diagram')[0].getAttribute('name')).toMatch(
      /^L2 physical topology · Office LAN · live at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    const graphml = await exportAs(page, 'GraphML');
    expect(graphml.name).toBe('topology-L2Physical.graphml');
    const gml = parseXml(graphml.bytes.toString('utf8'));
    const keyId = (name: string) =>
      Array.from(gml.getElementsByTagName('key'))
        .find((k) => k.getAttribute('attr.name') === name && k.getAttribute('for') === 'node')!
        .getAttribute('id');
    const typeOf = (label: string) => {
      const node = Array.from(gml.getElementsByTagName('node')).find((n) =>
        Array.from(n.getElementsByTagName('data')).some(
          (d) => d.getAttribute('key') === keyId('label') && d.textContent === label,
        ),
      )!;
      return Array.from(node.getElementsByTagName('data')).find((d) => d.getAttribute('key') === keyId('device_type'))!
        .textContent;
    };
    const hostTypes = expectOk(await w.as.get(`/api/v1/topology?network_id=${w.net}&view=L2Physical`)).nodes as {
      label: string;
      data: { device_type?: string };
    }[];
    for (const label of ['core-switch', 'hypervisor-1', 'printer'])
      expect(typeOf(label)).toBe(hostTypes.find((n) => n.label === label)!.data.device_type ?? 'host');
    expect(gml.getElementsByTagName('edge')).toHaveLength(1);

    // Images carry a title, the network, the instant and a legend; the SVG as Chromium shows it, for the docs.
    const l2Png = await exportAs(page, 'PNG');
    const l2Info = pngInfo(l2Png.bytes);
    expect(l2Info.texts.Title).toBe('L2 physical topology');
    expect(l2Info.texts.Description).toMatch(/^Office LAN · live at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const stage = (await page.locator('.graph-stage').boundingBox())!;
    expect(Math.abs(l2Info.width - stage.width)).toBeLessThanOrEqual(1);
    expect(l2Info.height).toBeGreaterThan(Math.round(stage.height) + 60); // the heading and the legend
    writeFileSync(join(__dirname, '../../docs/screenshots/topology-export.png'), l2Png.bytes);
    const l2Svg = (await exportAs(page, 'SVG')).bytes.toString('utf8');
    expect(l2Svg).toContain('>L2 physical topology</text>');
    expect(l2Svg).toMatch(/>Office LAN · live at \d{4}-\d\d-\d\d \d\d:\d\d UTC<\/text>/);
    expect(l2Svg).toMatch(/<g class="legend"[^>]*>[\s\S]*>L2 link<\/text>/);
    const viewer = await context.newPage();
    await viewer.setViewportSize({ width: 900, height: 700 });
    await viewer.setContent(`<body style="margin:0">${l2Svg}</body>`);
    await screenshot(viewer, 'topology-export-svg');
    await viewer.close();

    // A link straight from the URL opens the same inspector after a reload.
    await page.reload();
    await ready(page, 4);
    await inspector.getByRole('heading', { name: /L2 link/ }).waitFor();

    // Views: by click, then by the keyboard's arrows.
    await page.getByRole('tab', { name: 'L3 logical' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'L3Logical');
    await ready(page, 6); // two subnets, four hosts (the switch in none)
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('view') === 'Workloads');
    await page.getByRole('tab', { name: 'Workloads', selected: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Workloads');
    await ready(page, 4);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('view') === 'Application');
    await ready(page, 3);
    expect(await canvas(page).getAttribute('data-edges')).toBe('2');
    await findNode(page, 'redis');
    await page
      .getByRole('region', { name: 'Inspector' })
      // services are labelled where they answer, then what they are: "<host>[:ports] (postgres)"
      .getByRole('button', { name: /^checkout: to \S+ \(postgres\)$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await page.waitForTimeout(400);
    await screenshot(page, 'topology-application');
    // The inspector beside the drawing still fits a laptop's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

    // Exports: a PNG and an SVG with the services' labels, a heading and a legend.
    const png = await exportAs(page, 'PNG');
    expect(png.name).toBe('topology-Application.png');
    expect(png.bytes.length).toBeGreaterThan(1000);
    expect(pngInfo(png.bytes).texts.Title).toBe('Application topology');
    const svg = await exportAs(page, 'SVG');
    expect(svg.name).toBe('topology-Application.svg');
    const svgText = svg.bytes.toString('utf8');
    expect(svgText).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // each service where it answers, then what it is
    for (const label of ['app-vm:443 (nginx)', 'app-vm:6379 (redis)', 'hypervisor-1 (postgres)'])
      expect(svgText).toContain(`>${label}</text>`);
    expect(svgText.match(/<line /g)).toHaveLength(3); // two dependencies, and the legend's line for them
    expect(svgText).toContain('>Application topology</text>');
    expect(svgText).toMatch(/>service<\/text>[\s\S]*>dependency<\/text>/);
    // Drawn in the theme's colours (CSS variables), and again in the other theme's after a switch.
    const themed = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.querySelector('.topology-canvas')!);
        return [style.getPropertyValue('--surface').trim(), style.getPropertyValue('--graph-service').trim()];
      });
    const [lightSurface, lightService] = await themed();
    // The drawing as before (x from -40, 440 wide), 56 units of heading above it, the legend below.
    expect(svgText).toMatch(
      new RegExp(`<rect x="-40" y="-96" width="[\\d.]+" height="[\\d.]+" fill="${lightSurface}"/>`),
    );
    expect(svgText).toContain(`<circle cx="0" cy="0" r="9" fill="${lightService}"/>`);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    const [darkSurface, darkService] = await themed();
    expect([darkSurface, darkService]).not.toEqual([lightSurface, lightService]);
    const darkSvg = (await exportAs(page, 'SVG')).bytes.toString('utf8');
    expect(darkSvg).toContain(`fill="${darkSurface}"/>`);
    expect(darkSvg).toContain(`<circle cx="0" cy="0" r="9" fill="${darkService}"/>`);
    await context.close();
  });

  it('compares with an earlier instant: the union coloured and the list of what was added, removed, changed', async () => {
    // bypassCSP: axe is injected as an inline script
    const { context, page } = await newPage(ui.browser, ui.baseUrl, {
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    const org = await signInAsNewOrg(ui, context);
    const w = await seed(org);
    await new Promise((r) => setTimeout(r, 1100));
    const before = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 1100));
    expectOk(await w.as.post('/api/v1/hosts', { network_id: w.net, name: 'new-server' }), 201);
    expectOk(await w.as.delete(`/api/v1/hosts/${w.printer.id}`));
    expectOk(
      await w.as.put(`/api/v1/hosts/${w.vm.id}`, {
        network_id: w.net,
        name: 'app-vm-2',
        virtualization: { type: 'Vm', host_id: w.hv.id },
      }),
    );
    // The switch gains three ports and nothing else: none of the view's own fields of it change.
    const cabled = w.swBody({ host_id: w.hv.id, interface_id: w.ids.hvEth, provenance: 'lldp' });
    const ports = [22, 80, 443].map((number) => ({ number, protocol: 'Tcp', type: 'Custom' }));
    expectOk(await w.as.put(`/api/v1/hosts/${w.sw.id}`, { ...cabled, ports }));

    await page.goto(`/topology?view=Workloads`);
    await ready(page, 4);
    // The second picker shows when asked for; the test sets the instant to the second through the URL.
    await page.getByRole('button', { name: 'Compare with…' }).click();
    await page.getByRole('group', { name: 'Compare with' }).getByLabel('Compare with (date and time)').waitFor();
    await page.goto(`/topology?view=Workloads&compare=${encodeURIComponent(before)}`);
    await ready(page, 5); // four now, plus the printer that is gone
    const changes = page.getByRole('region', { name: 'Changes' });
    await changes.getByText('1 added').waitFor();
    await changes.getByText('1 removed').waitFor();
    await changes.getByText('2 changed').waitFor();
    const rows = await changes.locator('li').allInnerTexts();
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^removed\s+printer\s+host/),
        expect.stringMatching(/^added\s+new-server\s+host/),
        expect.stringMatching(/^changed\s+app-vm-2\s+vm: .*label/),
        // Changed through its children alone (the hosts of both instants, compared per host).
        expect.stringMatching(/^changed\s+core-switch\s+host: \+3 ports$/),
      ]),
    );
    expect(rows).toHaveLength(4);
    await changes.getByRole('button', { name: 'printer' }).click();
    await page.waitForURL((url) => url.searchParams.get('node') === w.printer.id);
    await screenshot(page, 'topology-compare');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Travelling back alone: the network as it was, the printer there and the new server not yet.
    await page.goto(`/topology?view=Workloads&at=${encodeURIComponent(before)}`);
    await ready(page, 4);
    await page.getByRole('button', { name: 'Back to now' }).waitFor();
    const search = page.getByRole('combobox', { name: 'Find a node' });
    await search.fill('printer');
    await page.getByRole('option', { name: /printer/ }).waitFor();
    await search.fill('new-server');
    await page.waitForTimeout(200);
    expect(await page.getByRole('listbox', { name: 'Matching nodes' }).count()).toBe(0);
    await context.close();
  });

  it('keeps a dragged node where it was left, across reloads, until the layout is reset (dark theme)', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, {
      viewport: { width: 1280, height: 800 },
      colorScheme: 'dark',
      bypassCSP: true,
    });
    const org = await signInAsNewOrg(ui, context);
    const w = await seed(org);
    const saved = async () =>
      expectOk(await w.as.get(`/api/v1/topology?network_id=${w.net}&view=L3Logical`)).positions as Record<
        string,
        unknown
      >;
    await page.goto(`/topology?view=L3Logical`);
    await ready(page, 6);
    await findNode(page, 'printer');
    await page.waitForTimeout(600); // the camera's move
    const box = (await canvas(page).boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const put = page.waitForResponse(
      (r) => r.url().includes('/api/v1/topology/positions') && r.request().method() === 'PUT',
    );
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 60, cy + 40, { steps: 5 });
    await page.mouse.move(cx + 120, cy + 80, { steps: 5 });
    await page.mouse.up();
    expect((await put).status()).toBe(200);
    const after = await saved();
    expect(Object.keys(after)).toEqual([w.printer.id]);
    await screenshot(page, 'topology-dark');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.reload();
    await ready(page, 6);
    const reset = page.waitForResponse(
      (r) => r.url().includes('/api/v1/topology/positions') && r.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'Reset layout' }).click();
    expect((await reset).status()).toBe(200);
    await expect(saved()).resolves.toEqual({});
    await context.close();
  });

  it('collapses a big network into groups, expands one from its inspector and collapses it again', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: { width: 1280, height: 800 } });
    const org = await signInAsNewOrg(ui, context);
    // 7 racks of a switch and 47 servers (LLDP links): 336 hosts, over the API's threshold of 300 nodes.
    const as = ui.http.as(org.owner.session);
    const net = expectOk(await as.post('/api/v1/networks', { name: 'Data centre' }), 201).id as string;
    for (let s = 0; s < subnetCount(336); s++) await addSubnet(ui.http, org.owner.session, net, `10.42.${s}.0/24`);
    const hosts = Array.from({ length: 7 }, (_, r) => rack(r * 48, 48)).flat();
    const ingested = expectOk(
      await as.post('/api/v1/discovery/observations', {
        network_id: net,
        observed_at: new Date().toISOString(),
        hosts,
      }),
    );
    expect(ingested.hosts_created).toBe(336);

    await page.goto('/topology');
    await ready(page, 14); // 7 switches (their ports folded in) and 7 groups of servers
    expect(await canvas(page).getAttribute('data-edges')).toBe('7');
    await findNode(page, 'sw-0 · 47 hosts');
    const inspector = page.getByRole('region', { name: 'Inspector' });
    await inspector.getByRole('heading', { name: /sw-0 · 47 hosts/ }).waitFor();
    expect(await inspector.locator('dl').innerText()).toMatch(/Members\s+47/);
    await inspector.getByRole('button', { name: 'Expand' }).click();
    await page.waitForURL((url) => url.searchParams.getAll('expand').length === 1);
    await ready(page, 13 + 47);
    const expanded = page.getByRole('region', { name: 'Expanded groups' });
    await expanded.getByText('Hosts attached to sw-0').waitFor();
    await screenshot(page, 'topology-groups');
    await expanded.getByRole('button', { name: 'Collapse' }).click();
    await page.waitForURL((url) => !url.searchParams.has('expand'));
    await ready(page, 14);
    await context.close();
  });

  it('says so when the organization has no network yet, when a view is empty, and when a network is unknown', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const org = await signInAsNewOrg(ui, context);
    await page.goto('/topology');
    await page.getByText('No networks yet').waitFor();
    await page.getByRole('link', { name: 'Create a network' }).waitFor();
    const net = expectOk(await ui.http.as(org.owner.session).post('/api/v1/networks', { name: 'Empty' }), 201).id;
    await page.goto('/topology?view=Application');
    await page.getByText('Nothing to draw in the Application view').waitFor();
    await page.goto(`/topology?network_id=${randomUUID()}`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(/not found|does not exist/i);
    expect(net).toBeTruthy();
    await context.close();
  });
});
