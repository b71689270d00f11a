import type { Page } from 'playwright-core';
import { addSubnet } from '../../test/support/hosts';
import { expectOk } from '../../test/support/http';
import { GBPS as G, observedHost, observedPort as port } from '../../test/support/observed-hosts';
import type { Org } from '../../test/support/tenants';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();
// Browser tests on a shared two-core machine: room for a slow first draw.
jest.setTimeout(60_000);

const host = (n: number, name: string, type: string, ports: object[]) => observedHost('10.8.0', n, name, type, ports);

/**
 * A small campus, every link reported over LLDP: a core router, two access switches cabled to it (10 Gb/s),
 * a PC on the first, a file server and a printer on the second, and a lab host cabled to nothing.
 */
async function seedCampus(org: Org) {
  const as = ui.http.as(org.owner.session);
  const net = expectOk(await as.post('/api/v1/networks', { name: 'Campus' }), 201).id as string;
  await addSubnet(ui.http, org.owner.session, net, '10.8.0.0/24');
  const hosts = [
    host(1, 'core', 'Router', [port(1, 'xe-0/0/1', 10 * G), port(2, 'xe-0/0/2', 10 * G)]),
    host(2, 'access-1', 'Switch', [port(1, 'te-1', 10 * G, ['core', 1, 'xe-0/0/1']), port(2, 'ge-1', G)]),
    host(3, 'access-2', 'Switch', [
      port(1, 'te-1', 10 * G, ['core', 1, 'xe-0/0/2']),
      port(2, 'ge-1', G),
      port(3, 'ge-2', G),
    ]),
    host(4, 'pc-1', 'Workstation', [port(1, 'eth0', G, ['access-1', 2, 'ge-1'])]),
    host(5, 'file-server', 'Storage', [port(1, 'eth0', G, ['access-2', 3, 'ge-1'])]),
    host(6, 'printer', 'Printer', [port(1, 'eth0', 100_000_000, ['access-2', 3, 'ge-2'])]),
    host(7, 'lab-box', 'Server', [port(1, 'eth0', G)]),
  ];
  const ingested = expectOk(
    await as.post('/api/v1/discovery/observations', { network_id: net, observed_at: new Date().toISOString(), hosts }),
  );
  const ids = Object.fromEntries(hosts.map((h, i) => [h.name, ingested.host_ids[i] as string]));
  return { net, ids };
}

const canvas = (page: Page) => page.getByTestId('topology-canvas');
const ready = (page: Page) =>
  page.locator('[data-testid="topology-canvas"][data-state="ready"]').waitFor();

/** Finds a host with the canvas's search (which selects it) and makes it one end of the path. */
async function pickEnd(page: Page, label: string, button: 'Path from here' | 'Path to here') {
  const search = page.getByRole('combobox', { name: 'Find a node' });
  await search.fill(label);
  await page
    .getByRole('option', { name: new RegExp(`^${label}`) })
    .first()
    .waitFor();
  await search.press('Enter');
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await inspector.getByRole('heading', { name: new RegExp(label) }).waitFor();
  await inspector.getByRole('button', { name: button }).click();
}

describe('the topology page: a path between two hosts', () => {
  it('picks both ends from the inspector, highlights the path and lists it hop by hop; says why when there is none', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: { width: 1280, height: 900 } });
    const org = await signInAsNewOrg(ui, context);
    const { net, ids } = await seedCampus(org);
    await page.goto(`/topology?network_id=${net}&view=L2Physical`);
    await ready(page);

    await pickEnd(page, 'pc-1', 'Path from here');
    await page.waitForURL((url) => url.searchParams.get('path_from') === ids['pc-1']);
    const panel = page.getByRole('region', { name: 'Path' });
    await panel.getByText('From pc-1 to pick a host').waitFor();

    await pickEnd(page, 'file-server', 'Path to here');
    await page.waitForURL((url) => url.searchParams.get('path_to') === ids['file-server']);
    await panel.getByText('5 devices, 4 links').waitFor();
    const hops = panel.getByTestId('path-hop');
    expect(await hops.allTextContents()).toEqual([
      '1pc-1Workstationout eth0 1 Gb/s1 Gb/s link, learnt by LLDP',
      '2access-1Switchin ge-1out te-1 10 Gb/s10 Gb/s link, learnt by LLDP',
      '3coreRouterin xe-0/0/1out xe-0/0/2 10 Gb/s10 Gb/s link, learnt by LLDP',
      '4access-2Switchin te-1out ge-1 1 Gb/s1 Gb/s link, learnt by LLDP',
      '5file-serverStoragein eth0',
    ]);
    // The canvas draws the path in its colour and dims the rest: the legend says so.
    await canvas(page).getByText('on the path', { exact: true }).waitFor();
    await canvas(page).getByText('not on the path').waitFor();

    // A hop selects its device; the path stays with the URL through a reload.
    await panel.getByRole('button', { name: 'core' }).click();
    await page.waitForURL((url) => url.searchParams.get('node') === ids.core);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('node'));
    await page.reload();
    await ready(page);
    await panel.getByText('5 devices, 4 links').waitFor();
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await page.waitForTimeout(600);
    await screenshot(page, 'topology-path');

    // Swapped: the same hops the other way round.
    await panel.getByRole('button', { name: 'Swap' }).click();
    await page.waitForURL((url) => url.searchParams.get('path_from') === ids['file-server']);
    await panel.getByText('From file-server to pc-1').waitFor();
    await panel.getByTestId('path-hop').first().getByText('file-server').waitFor();

    // A host cabled to nothing: no path, and why.
    await pickEnd(page, 'lab-box', 'Path to here');
    await panel.getByTestId('path-reason').getByText('lab-box has no known links').waitFor();
    expect(await panel.getByTestId('path-reason').textContent()).toBe('No path known. lab-box has no known links');

    // Clear path: the panel goes, the map is drawn as usual.
    await panel.getByRole('button', { name: 'Clear path' }).click();
    await page.waitForURL((url) => !url.searchParams.has('path_from') && !url.searchParams.has('path_to'));
    expect(await page.getByRole('region', { name: 'Path' }).count()).toBe(0);
    expect(await canvas(page).getByText('on the path', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
