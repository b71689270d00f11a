import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectOk, type HttpClient } from '../../test/support/http';
import { setSeen, sleep } from '../../test/support/hosts';
import type { Org } from '../../test/support/tenants';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();

interface Seed {
  org: Org;
  lab: string;
  branch: string;
  prod: string;
  dmz: string;
  coreSw: string;
  web: string;
  app: string;
  db: string;
  /** An instant after app-01 was created and before it was renamed billing-01. */
  beforeRename: string;
}

/**
 * An organization with two networks and four hosts: core-sw and web-01 discovered (web-01's eth0 learnt
 * by LLDP on core-sw's ge-0/0/1, nginx 1.25.3 on 443), app-01 (tag prod, then renamed billing-01) and
 * db-01 (tag dmz, other network) written by hand. core-sw was last seen 30 days ago: stale.
 */
async function seed(context: BrowserContext): Promise<Seed> {
  const org = await signInAsNewOrg(ui, context);
  const as: HttpClient = ui.http.as(org.owner.session);
  const lab = expectOk(await as.post('/api/v1/networks', { name: 'Lab' }), 201).id;
  const branch = expectOk(await as.post('/api/v1/networks', { name: 'Branch' }), 201).id;
  const labSubnet = expectOk(await as.post('/api/v1/subnets', { network_id: lab, cidr: '10.20.0.0/24' }), 201).id;
  const branchSubnet = expectOk(await as.post('/api/v1/subnets', { network_id: branch, cidr: '10.30.0.0/24' }), 201).id;
  const prod = expectOk(await as.post('/api/v1/tags', { name: 'prod', color: 'Red' }), 201).id;
  const dmz = expectOk(await as.post('/api/v1/tags', { name: 'dmz', color: 'Blue' }), 201).id;

  const observed = expectOk(
    await as.post('/api/v1/discovery/observations', {
      network_id: lab,
      observed_at: new Date().toISOString(),
      hosts: [
        {
          hostname: 'core-sw',
          mac: '00:aa:00:00:00:01',
          ip_addresses: [{ ip_address: '10.20.0.1', mac_address: '00:aa:00:00:00:01' }],
          interfaces: [
            { if_index: 1, if_name: 'ge-0/0/1', mac_address: '00:aa:00:00:01:01', speed_bps: 1_000_000_000 },
            { if_index: 2, if_name: 'ge-0/0/2', mac_address: '00:aa:00:00:01:02', speed_bps: 1_000_000_000 },
          ],
        },
        {
          hostname: 'web-01',
          ip_addresses: [{ ip_address: '10.20.0.10', mac_address: '00:bb:00:00:00:10' }],
          ports: [{ number: 443, protocol: 'Tcp', type: 'Https' }],
          services: [
            {
              name: 'nginx',
              service_definition: 'Nginx',
              port: 443,
              protocol: 'Tcp',
              source_metadata: { product: 'nginx', version: '1.25.3', evidence: 'Server: nginx/1.25.3' },
            },
          ],
          interfaces: [
            {
              if_index: 1,
              if_name: 'eth0',
              mac_address: '00:bb:00:00:00:10',
              speed_bps: 10_000_000_000,
              ip_address: '10.20.0.10',
              lldp_chassis_id: '00:AA:00:00:00:01',
              lldp_port_id: 'ge-0/0/1',
            },
          ],
        },
      ],
    }),
  );
  const [coreSw, web] = observed.host_ids as string[];
  await setSeen(ui.t.dataSource, coreSw, { hoursAgo: 24 * 30 });

  const ids = { ip: randomUUID(), port: randomUUID(), service: randomUUID(), iface: randomUUID() };
  const appBody = (name: string, description: string) => ({
    network_id: lab,
    name,
    hostname: 'app-01.lab',
    description,
    tags: [prod],
    ip_addresses: [{ id: ids.ip, subnet_id: labSubnet, ip_address: '10.20.0.21', mac_address: '02:00:00:00:00:21' }],
    ports: [{ id: ids.port, number: 8080, protocol: 'Tcp', type: 'Http' }],
    services: [
      {
        id: ids.service,
        name: 'billing',
        service_definition: 'Custom',
        bindings: [{ type: 'Port', ip_address_id: ids.ip, port_id: ids.port }],
      },
    ],
    interfaces: [
      { id: ids.iface, if_index: 1, if_name: 'eth0', mac_address: '02:00:00:00:00:21', speed_bps: 100_000_000 },
    ],
  });
  const app = expectOk(await as.post('/api/v1/hosts', appBody('app-01', 'billing api')), 201).id;
  const db = expectOk(
    await as.post('/api/v1/hosts', {
      network_id: branch,
      name: 'db-01',
      hostname: 'db-01.branch',
      tags: [dmz],
      ip_addresses: [{ subnet_id: branchSubnet, ip_address: '10.30.0.5' }],
    }),
    201,
  ).id;
  expectOk(
    await as.post('/api/v1/credentials', {
      name: 'lab-snmp',
      organization_id: org.id,
      credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'lab-secret' } },
      assigned_network_ids: [],
      host_assignments: [{ host_id: app, ip_address_ids: null }],
      tags: [],
    }),
    201,
  );
  await sleep(50);
  const beforeRename = new Date().toISOString();
  await sleep(50);
  expectOk(await as.put(`/api/v1/hosts/${app}`, appBody('billing-01', 'billing api v2')));
  return { org, lab, branch, prod, dmz, coreSw, web, app, db, beforeRename };
}

/** The host names the table shows, once they equal `expected` (the list keeps old rows while it loads). */
async function expectRows(page: Page, expected: string[], anyOrder = false): Promise<void> {
  const names = page.locator('table.hosts-table tbody a.hosts-name');
  const key = (list: string[]) => JSON.stringify(anyOrder ? [...list].sort() : list);
  let actual: string[] = [];
  for (let i = 0; i < 100; i++) {
    actual = await names.allTextContents();
    if (key(actual) === key(expected)) return;
    await sleep(100);
  }
  expect(anyOrder ? [...actual].sort() : actual).toEqual(anyOrder ? [...expected].sort() : expected);
}

const search = (page: Page) => new URL(page.url()).searchParams;

/** axe-core's WCAG 2 A/AA rules; serious and critical violations, one line each. */
async function axeProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<Result> } }).axe;
    return (await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }))
      .violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A context that lets axe's inline script past the CSP, at a laptop's size. */
async function axeContext(browser: Browser, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    baseURL: ui.baseUrl,
    colorScheme,
    bypassCSP: true,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

describe('the hosts screens in the browser', () => {
  it('searches, filters, groups, sorts and expands, all kept in the URL', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const s = await seed(context);
    await page.goto('/hosts');
    // hosts created in one statement tie on created_at (the default order): compare without order
    const all = ['core-sw', 'web-01', 'billing-01', 'db-01'];
    await expectRows(page, all, true);
    await page
      .getByRole('row', { name: /core-sw/ })
      .getByText('Stale')
      .waitFor();
    expect(
      await page
        .getByRole('row', { name: /web-01/ })
        .getByText('Stale')
        .count(),
    ).toBe(0);

    // search: debounced into the URL, restored by a reload
    await page.getByLabel('Search hosts').fill('web');
    await page.waitForURL(/[?&]q=web/);
    await expectRows(page, ['web-01']);
    await page.reload();
    await expectRows(page, ['web-01']);
    expect(await page.getByLabel('Search hosts').inputValue()).toBe('web');
    await page.getByLabel('Search hosts').fill('10.30.0');
    await expectRows(page, ['db-01']);
    await page.getByLabel('Search hosts').fill('');
    await expectRows(page, all, true);
    expect(search(page).has('q')).toBe(false);

    // tags (any of) and network; a tag box shows the URL, which a router transition updates a moment after the
    // click (check() reads the box at once and can find it unchanged)
    const tick = async (name: string) => {
      await page.getByRole('checkbox', { name }).click();
      await page.getByRole('checkbox', { name, checked: true }).waitFor();
    };
    await tick('prod');
    await expectRows(page, ['billing-01']);
    await tick('dmz');
    await expectRows(page, ['billing-01', 'db-01'], true);
    expect(search(page).getAll('tag').sort()).toEqual([s.prod, s.dmz].sort());
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Branch' });
    await expectRows(page, ['db-01']);
    expect(search(page).get('network')).toBe(s.branch);
    await page.reload();
    await expectRows(page, ['db-01']);
    expect(await page.getByRole('checkbox', { name: 'dmz' }).isChecked()).toBe(true);
    await page.goto('/hosts');

    // group by network: a header row per group with the group's count
    await page.getByLabel('Group by').selectOption({ label: 'Network' });
    await page.waitForURL(/group=network_id/);
    const groupRows = page.locator('tr.hosts-group-row');
    await page.getByRole('region', { name: 'Groups' }).getByText('Branch').waitFor();
    await expectRows(page, all, true);
    // the groups come in network id order, Lab's three hosts together
    const order = await page.locator('table.hosts-table tbody a.hosts-name').allTextContents();
    expect(order.indexOf('db-01')).toBe(s.lab < s.branch ? 3 : 0);
    const groupTexts = (await groupRows.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(groupTexts.sort()).toEqual(['Branch 1 host', 'Lab 3 hosts']);
    const groups = await page.getByRole('region', { name: 'Groups' }).getByRole('listitem').allTextContents();
    expect(groups.map((g) => g.replace(/\s+/g, ' ').trim()).sort()).toEqual(['Branch 1', 'Lab 3']);
    await page.getByLabel('Group by').selectOption({ label: 'No grouping' });
    await groupRows.first().waitFor({ state: 'detached' });
    expect(search(page).has('group')).toBe(false);

    // sort by clicking a header: ascending, then descending; aria-sort says which
    const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });
    await nameHeader.getByRole('button').click();
    await expectRows(page, ['billing-01', 'core-sw', 'db-01', 'web-01']);
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await nameHeader.getByRole('button').click();
    await expectRows(page, ['web-01', 'db-01', 'core-sw', 'billing-01']);
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(search(page).get('sort')).toBe('name');
    expect(search(page).get('dir')).toBe('desc');

    // expand a row from the keyboard: its addresses, ports, services (product, binding) and interfaces
    const toggle = page.getByRole('button', { name: /^Show addresses, ports, services and interfaces of web-01/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const children = page.getByRole('region', { name: 'Children of web-01' });
    await children.waitFor();
    expect(await page.getByRole('button', { name: /of web-01/ }).getAttribute('aria-expanded')).toBe('true');
    await children.getByText('nginx 1.25.3').waitFor();
    await children.getByText('10.20.0.10:443/tcp').waitFor();
    await children.getByRole('link', { name: 'core-sw' }).waitFor();
    await children.getByText('10 Gbit/s').waitFor();
    expect(search(page).get('open')).toBe(s.web);
    await page.reload();
    await page.getByRole('region', { name: 'Children of web-01' }).getByText('nginx 1.25.3').waitFor();
    await screenshot(page, 'hosts');
    await page.keyboard.press('Tab');
    await page
      .getByRole('button', { name: /^Hide addresses, ports, services and interfaces of web-01/ })
      .press('Space');
    await page.getByRole('region', { name: 'Children of web-01' }).waitFor({ state: 'detached' });

    // page size and paging
    await page.goto('/hosts?size=25&sort=name');
    expect(await page.getByLabel('Per page').inputValue()).toBe('25');
    await page.getByText('1–4 of 4 hosts').waitFor();
    await context.close();
  });

  it('shows the hosts as of an instant, with a banner and the way back to now', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const s = await seed(context);
    await page.goto(`/hosts?at=${encodeURIComponent(s.beforeRename)}&sort=name`);
    const banner = page.getByRole('status', { name: 'Time travel' });
    await banner.getByText('Showing').waitFor();
    await expectRows(page, ['app-01', 'core-sw', 'db-01', 'web-01']);
    await banner.getByRole('button', { name: 'Back to now' }).click();
    await expectRows(page, ['billing-01', 'core-sw', 'db-01', 'web-01']);
    expect(search(page).has('at')).toBe(false);
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('opens a host, follows its LLDP neighbour, and travels back through its history', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const s = await seed(context);
    await page.goto('/hosts?q=web');
    await page.getByRole('link', { name: 'web-01' }).click();
    await page.waitForURL(new RegExp(`/hosts/${s.web}$`));
    await page.getByRole('heading', { level: 1, name: 'web-01' }).waitFor();
    const interfaces = page.getByRole('table', { name: 'Interfaces' });
    const eth0 = interfaces.getByRole('row', { name: /eth0/ });
    await eth0.getByText('00:bb:00:00:00:10').waitFor();
    await eth0.getByText('10 Gbit/s').waitFor();
    await eth0.getByText('LLDP').waitFor();
    await eth0.getByText('ge-0/0/1').waitFor();
    const services = page.getByRole('table', { name: 'Services' });
    await services.getByRole('row', { name: /nginx/ }).getByText('nginx 1.25.3').waitFor();
    await page.getByRole('table', { name: 'Ports' }).getByText('443').waitFor();
    await page.getByRole('table', { name: 'IP addresses' }).getByText('10.20.0.10').waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText('Lab', { exact: true }).waitFor();

    await eth0.getByRole('link', { name: 'core-sw' }).click();
    await page.waitForURL(new RegExp(`/hosts/${s.coreSw}$`));
    await page.getByRole('heading', { level: 1, name: 'core-sw' }).waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText('Stale').waitFor();
    await page.getByRole('table', { name: 'Interfaces' }).getByText('ge-0/0/1').waitFor();

    // a host changed through the API: the timeline says what changed; an older version opens at its instant
    await page.goto(`/hosts/${s.app}`);
    await page.getByRole('heading', { level: 1, name: 'billing-01' }).waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText('prod').waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText('billing api v2').waitFor();
    const credentials = page.getByRole('region', { name: /Credentials/ });
    await credentials.getByText('lab-snmp').waitFor();
    await credentials.getByText('on every address').waitFor();
    const timeline = page.getByRole('list', { name: 'Versions, newest first' });
    const versions = timeline.locator(':scope > li');
    await versions.nth(1).waitFor();
    expect(await versions.count()).toBe(2);
    const newest = (await versions.nth(0).textContent())!.replace(/\s+/g, ' ');
    expect(newest).toContain('Current');
    expect(newest).toContain('Name app-01 → changed to billing-01');
    expect(newest).toContain('Description billing api → changed to billing api v2');
    expect(await versions.nth(1).textContent()).toContain('Created as “app-01”');
    await screenshot(page, 'host-detail');

    await versions.nth(1).getByRole('link').click();
    await page.waitForURL(/[?&]at=/);
    await page.getByRole('heading', { level: 1, name: 'app-01' }).waitFor();
    await page.getByRole('status', { name: 'Time travel' }).getByText('Showing').waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText('billing api', { exact: true }).waitFor();
    expect(await versions.nth(1).getByRole('link').getAttribute('aria-current')).toBe('true');
    await page.getByRole('status', { name: 'Time travel' }).getByRole('button', { name: 'Back to now' }).click();
    await page.getByRole('heading', { level: 1, name: 'billing-01' }).waitFor();

    // before it existed, the host is not there; an unknown id says so
    await page.goto(`/hosts/${s.app}?at=2020-01-01T00:00:00.000Z`);
    await page.getByText('This host did not exist at that instant').waitFor();
    await page.goto(`/hosts/${randomUUID()}`);
    await page.getByText('No such host').waitFor();
    await context.close();
  });

  it('says when there are no hosts, or none match', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    await signInAsNewOrg(ui, context);
    await page.goto('/hosts');
    await page.getByText('No hosts yet').waitFor();
    await page.getByLabel('Search hosts').fill('nothing-like-this');
    await page.getByText('No hosts match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('No hosts yet').waitFor();
    expect(await page.getByLabel('Search hosts').inputValue()).toBe('');
    await context.close();
  });

  it('reads well in the dark theme and passes axe on a laptop screen in both themes', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { colorScheme: 'dark' });
    const s = await seed(context);
    await page.goto(`/hosts?open=${s.web}`);
    await page.getByRole('region', { name: 'Children of web-01' }).getByText('nginx 1.25.3').waitFor();
    await screenshot(page, 'hosts-dark');
    await context.close();

    for (const scheme of ['light', 'dark'] as const) {
      const checked = await axeContext(ui.browser, scheme);
      await checked.context.addCookies([
        { name: 'session_id', value: s.org.owner.session.cookie!, url: ui.baseUrl, httpOnly: true, sameSite: 'Lax' },
      ]);
      for (const path of [`/hosts?open=${s.web}&group=network_id`, `/hosts/${s.web}`, `/hosts/${s.app}`]) {
        await checked.page.goto(path);
        await checked.page.getByRole('heading', { level: 1 }).waitFor();
        await checked.page.waitForLoadState('networkidle');
        await checked.page.locator('[role="status"]:has(.spinner)').waitFor({ state: 'detached' });
        expect({ scheme, path, problems: await axeProblems(checked.page) }).toEqual({ scheme, path, problems: [] });
        const overflow = await checked.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect({ path, overflow }).toEqual({ path, overflow: false });
      }
      await checked.context.close();
    }

    // narrower than a laptop: the sidebar becomes a top bar, tables scroll inside their frame
    const narrow = await newPage(ui.browser, ui.baseUrl, { viewport: { width: 820, height: 1000 } });
    await narrow.context.addCookies([
      { name: 'session_id', value: s.org.owner.session.cookie!, url: ui.baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);
    for (const path of [`/hosts?open=${s.web}`, `/hosts/${s.web}`]) {
      await narrow.page.goto(path);
      await narrow.page.getByText('nginx 1.25.3').waitFor();
      const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect({ path, overflow }).toEqual({ path, overflow: false });
    }
    await narrow.context.close();
  });
});
