import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expectOk } from '../../test/support/http';
import { newPage, screenshot } from './support/browser';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();
jest.setTimeout(120_000);

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function newHost(page: Page, name: string, address: string) {
  await page.getByRole('link', { name: 'Hosts', exact: true }).click();
  await page.getByRole('button', { name: 'New host' }).click();
  const form = dialog(page, 'New host');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('button', { name: 'Add an address' }).click();
  await form.getByLabel('Address 1').fill(address);
  await form.getByRole('button', { name: 'Create host' }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/**
 * What a new user does on the first day, in one browser session: register, build a network by hand, find
 * a host, look at the map and one of its links, see what changed since a moment ago, make an API key,
 * and share a password-protected map that a colleague opens without an account.
 */
describe('the main flows, as a new user meets them', () => {
  it('register → network → hosts → search → host → topology edge → time diff → API key → password share', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.baseUrl });

    await page.goto('/');
    await page.waitForURL(/\/sign-in/);
    await page.getByRole('link', { name: 'Create an organization' }).click();
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByLabel('Work email').fill(`grace-${randomUUID()}@example.test`);
    await page.getByLabel('Password').fill('tidal-lantern-quartz');
    await page.getByLabel('Organization').fill('Harbour Logistics');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForURL(/\/organization\?welcome=1/);

    // A network and its subnet, through the forms.
    await page.getByRole('link', { name: 'Networks', exact: true }).click();
    await page.getByRole('button', { name: 'New network' }).click();
    await dialog(page, 'New network').getByLabel('Name').fill('Warehouse');
    await dialog(page, 'New network').getByRole('button', { name: 'Create network' }).click();
    await page.getByRole('link', { name: 'Warehouse' }).click();
    await page.getByRole('button', { name: 'New subnet' }).click();
    await dialog(page, 'New subnet').getByLabel('CIDR').fill('10.60.0.0/24');
    await dialog(page, 'New subnet').getByRole('button', { name: 'Create subnet' }).click();
    await page.getByRole('cell', { name: '10.60.0.0/24', exact: true }).waitFor();

    // Two hosts by hand.
    const web = await newHost(page, 'web-01', '10.60.0.10');
    const sw = await newHost(page, 'dock-switch', '10.60.0.2');

    // A moment later, discovery (here: the API, on the same session) learns an LLDP link and a rename.
    const before = new Date().toISOString();
    const cookie = (await context.cookies()).find((c) => c.name === 'session_id')!.value;
    const as = ui.http.as({ cookie });
    const [webPort, swPort] = [randomUUID(), randomUUID()];
    const port = (id: string, name: string, neighbor?: object) => ({
      id,
      if_index: 1,
      if_name: name,
      speed_bps: 10_000_000_000,
      ...(neighbor && { neighbor: { ...neighbor, provenance: 'lldp' } }),
    });
    const swHost = expectOk(await as.get(`/api/v1/hosts/${sw}`));
    expectOk(
      await as.put(`/api/v1/hosts/${sw}`, {
        ...swHost,
        name: 'dock-core',
        interfaces: [port(swPort, 'xe-0/0/7')],
      }),
    );
    const webHost = expectOk(await as.get(`/api/v1/hosts/${web}`));
    expectOk(
      await as.put(`/api/v1/hosts/${web}`, {
        ...webHost,
        interfaces: [port(webPort, 'eth0', { host_id: sw, interface_id: swPort })],
      }),
    );

    // Search finds the host; its page names the neighbour.
    await page.getByRole('link', { name: 'Hosts', exact: true }).click();
    await page.getByLabel('Search hosts').fill('web');
    await page.waitForURL(/q=web/);
    await page.getByRole('row', { name: /dock-core/ }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'web-01' }).click();
    await page.getByRole('heading', { name: 'web-01', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'dock-core' }).first().waitFor();

    // The map: the L2 link between them, its ports, speed and how it was learnt.
    await page.getByRole('link', { name: 'Topology', exact: true }).click();
    await page.locator('[data-testid="topology-canvas"][data-state="ready"]').waitFor();
    const search = page.getByRole('combobox', { name: 'Find a node' });
    await search.fill('web-01');
    await page
      .getByRole('option', { name: /web-01/ })
      .first()
      .waitFor();
    await search.press('Enter');
    const inspector = page.getByRole('region', { name: 'Inspector' });
    await inspector.getByRole('button', { name: 'eth0', exact: true }).click();
    await inspector.getByRole('button', { name: /→ dock-core xe-0\/0\/7/ }).click();
    await inspector.getByRole('heading', { name: /L2 link/ }).waitFor();
    const facts = await inspector.locator('dl').innerText();
    expect(facts).toContain('10 Gb/s');
    expect(facts).toContain('LLDP');

    // Back in time: what changed since before the link was learnt.
    await page.goto(`/topology?compare=${encodeURIComponent(before)}`);
    const changes = page.getByRole('region', { name: 'Changes' });
    // both hosts gained a port (the compare reads their children), and the switch was renamed
    await changes.getByText('2 changed').waitFor();
    const listed = (await changes.locator('li').allInnerTexts()).join('\n');
    expect(listed).toMatch(/changed\s+web-01 host: \+1 interface/);
    expect(listed).toMatch(/changed\s+dock-core host: label/);
    expect(listed).toMatch(/added\s+(eth0 - xe-0\/0\/7|xe-0\/0\/7 - eth0) link/);

    // An API key, shown once, that works.
    await page.getByRole('link', { name: 'API keys', exact: true }).click();
    await page.getByRole('button', { name: 'New API key' }).click();
    await dialog(page, 'New API key').getByLabel('Key name').fill('inventory export');
    await dialog(page, 'New API key').getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('alertdialog');
    const key = (await shown.getByLabel('API key').textContent())!.trim();
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    const hosts = expectOk(await ui.http.as({ bearer: key }).get('/api/v1/hosts?include_children=false'));
    expect(hosts.map((h: { name: string }) => h.name).sort()).toEqual(['dock-core', 'web-01']);

    // A password share, opened by a colleague in a fresh browser without an account.
    await page.getByRole('link', { name: 'Shares', exact: true }).click();
    await page.getByRole('button', { name: 'New share' }).click();
    const share = dialog(page, 'New share');
    await share.getByLabel('Name').fill('Warehouse wall');
    await share.getByRole('checkbox', { name: 'L2 physical' }).check();
    await share.getByLabel('Password', { exact: true }).fill('forklift-42');
    await share.getByRole('button', { name: 'Create share' }).click();
    const embed = page.getByRole('dialog', { name: 'Embed “Warehouse wall”' });
    await embed.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${ui.baseUrl}/share/[0-9a-f-]{36}$`));

    const colleague = await newPage(ui.browser, ui.baseUrl);
    await colleague.page.goto(link);
    await colleague.page.getByLabel('Password').fill('forklift-42');
    await colleague.page.getByRole('button', { name: 'View map' }).click();
    await colleague.page.getByRole('tablist', { name: 'Views' }).waitFor();
    await colleague.page.locator('[data-testid="topology-canvas"][data-state="ready"]').waitFor();
    await screenshot(colleague.page, 'main-flow-shared-map');
    await colleague.context.close();
    await context.close();
  });
});
