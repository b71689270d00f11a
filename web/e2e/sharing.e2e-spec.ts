import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { expectOk } from '../../test/support/http';
import { type Org, registerOrg } from '../../test/support/tenants';
import { accessibilityProblems } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();
// The first flow runs axe three times and hashes passwords (argon2) on two shared cores.
jest.setTimeout(90_000);

/** A network with a subnet and three hosts, two of them cabled to a switch (L2 links both ways). */
async function seed(org: Org): Promise<string> {
  const as = ui.http.as(org.owner.session);
  const net = expectOk(await as.post('/api/v1/networks', { name: 'Office LAN' }), 201).id as string;
  const lan = expectOk(await as.post('/api/v1/subnets', { network_id: net, cidr: '10.0.0.0/24' }), 201).id;
  const port = { a: randomUUID(), b: randomUUID(), nas: randomUUID(), web: randomUUID() };
  const switchBody = (linked: boolean, nas?: string, web?: string) => ({
    network_id: net,
    name: 'core-switch',
    interfaces: [
      {
        id: port.a,
        if_index: 1,
        if_name: 'ge-1',
        ...(linked && { neighbor: { host_id: nas, interface_id: port.nas } }),
      },
      {
        id: port.b,
        if_index: 2,
        if_name: 'ge-2',
        ...(linked && { neighbor: { host_id: web, interface_id: port.web } }),
      },
    ],
  });
  const sw = expectOk(await as.post('/api/v1/hosts', switchBody(false)), 201).id;
  const host = async (name: string, ip: string, eth: string, swPort: string) =>
    expectOk(
      await as.post('/api/v1/hosts', {
        network_id: net,
        name,
        ip_addresses: [{ subnet_id: lan, ip_address: ip }],
        interfaces: [{ id: eth, if_index: 1, if_name: 'eth0', neighbor: { host_id: sw, interface_id: swPort } }],
      }),
      201,
    ).id as string;
  const nas = await host('nas-01', '10.0.0.5', port.nas, port.a);
  const web = await host('web-01', '10.0.0.6', port.web, port.b);
  expectOk(await as.put(`/api/v1/hosts/${sw}`, switchBody(true, nas, web)));
  expectOk(
    await as.post('/api/v1/hosts', {
      network_id: net,
      name: 'printer',
      ip_addresses: [{ subnet_id: lan, ip_address: '10.0.0.9' }],
    }),
    201,
  );
  return net;
}

/** The rows of the public page's list alternative: node names. */
async function listedNodes(page: Page | Frame): Promise<string[]> {
  const list = page.locator('details.share-list');
  await list.evaluate((d: HTMLDetailsElement) => (d.open = true));
  return (await list.locator('tbody th').allTextContents()).sort();
}

const canvasReady = (page: Page | Frame) =>
  page.locator('[data-testid="topology-canvas"][data-state="ready"]').waitFor();

describe('shares in the browser', () => {
  it('creates a password share through the form; a visitor without a session opens its link, is asked the password, then sees only the enabled views, read-only', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.baseUrl });
    const org = await signInAsNewOrg(ui, context);
    await seed(org);

    await page.goto('/shares');
    await page.getByText('No shares yet').waitFor();
    await page.getByRole('button', { name: 'New share' }).click();
    const form = page.getByRole('dialog', { name: 'New share' });
    expect(await form.getByLabel('Network').inputValue()).not.toBe('');
    await form.getByLabel('Name').fill('Wall display');
    await form.getByRole('checkbox', { name: 'L2 physical' }).check();
    expect(await form.getByRole('checkbox', { name: 'L3 logical' }).isChecked()).toBe(true);
    await form.getByRole('checkbox', { name: 'Minimap' }).check();
    await form.getByLabel('Password', { exact: true }).fill('open sesame');
    await screenshot(page, 'share-form');
    await form.getByRole('button', { name: 'Create share' }).click();

    // Created: the embed dialog offers the link and the code.
    const embed = page.getByRole('dialog', { name: 'Embed “Wall display”' });
    await embed.getByText('No site may embed this share yet').waitFor();
    await embed.getByRole('button', { name: 'Copy link' }).click();
    await embed.getByRole('button', { name: 'Copied' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${ui.baseUrl}/share/[0-9a-f-]{36}$`));
    expect(await embed.getByLabel('Embed code').inputValue()).toBe(
      `<iframe src="${link}" title="Wall display" width="100%" height="600" style="border: 0" loading="lazy"></iframe>`,
    );
    await embed.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row', { name: /Wall display/ });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Office LAN',
      'L2 physical, L3 logical',
      'Yes',
      'Never',
      'Enabled',
      'Copy linkEmbedEditDelete',
    ]);
    expect({ problems: await accessibilityProblems(page) }).toEqual({ problems: [] });
    await screenshot(page, 'shares');
    const id = link.split('/').pop()!;
    const saved = expectOk(await ui.http.as(org.owner.session).get(`/api/v1/shares/${id}`));
    expect(saved).toMatchObject({
      name: 'Wall display',
      requires_password: true,
      enabled_views: ['L2Physical', 'L3Logical'],
      options: { show_minimap: true, show_inspect_panel: true },
      allowed_domains: null,
    });

    // A fresh browser, in the dark theme: no session cookie.
    const visitor = await newPage(ui.browser, ui.baseUrl, { bypassCSP: true, colorScheme: 'dark' });
    expect(await visitor.context.cookies()).toEqual([]);
    const v = visitor.page;
    await v.goto(link);
    await v.getByRole('heading', { name: 'Wall display', level: 1 }).waitFor();
    await v.getByRole('heading', { name: 'This map is protected' }).waitFor();
    await v.getByLabel('Password').fill('not the password');
    await v.getByRole('button', { name: 'View map' }).click();
    await v.getByRole('alert').getByText('That password is not right').waitFor();
    expect(await v.getByRole('tab').count()).toBe(0);
    await screenshot(v, 'share-password');
    expect({ problems: await accessibilityProblems(v) }).toEqual({ problems: [] });

    await v.getByLabel('Password').fill('open sesame');
    await v.getByRole('button', { name: 'View map' }).click();
    await v.getByRole('tablist', { name: 'Views' }).waitFor();
    expect(await v.getByRole('tab').allTextContents()).toEqual(['L2 physical', 'L3 logical']);
    expect(await v.getByRole('tab', { selected: true }).textContent()).toBe('L2 physical');
    await canvasReady(v);
    expect(await listedNodes(v)).toEqual(['core-switch', 'nas-01', 'printer', 'web-01']);
    expect(
      await v
        .locator('tr')
        .filter({ has: v.locator('th', { hasText: 'nas-01' }) })
        .locator('td')
        .last()
        .textContent(),
    ).toBe('core-switch (eth0 ↔ ge-1)');

    await v.getByRole('tab', { name: 'L3 logical' }).click();
    await v.waitForURL(/\?view=L3Logical$/);
    await canvasReady(v);
    expect(await listedNodes(v)).toEqual(['10.0.0.0/24', 'core-switch', 'nas-01', 'printer', 'web-01']);
    // The share's options: zoom and minimap shown, export too; nothing to edit, no signed-in navigation.
    await v.getByRole('button', { name: 'Zoom in' }).waitFor();
    await v.locator('.graph-bottom-right').waitFor();
    // The inspect panel (on by default): a node found by name shows its details, read-only.
    await v.getByRole('combobox', { name: 'Find a node' }).fill('nas-01');
    await v.getByRole('option', { name: /nas-01/ }).click();
    const details = v.getByRole('complementary', { name: 'Details' });
    await details.getByRole('heading', { name: 'nas-01' }).waitFor();
    expect(await details.locator('input, textarea, select').count()).toBe(0);
    await screenshot(v, 'share-public');
    await details.getByRole('button', { name: 'Close details' }).click();
    await details.waitFor({ state: 'detached' });
    expect(await v.getByRole('navigation').count()).toBe(0);
    expect(await v.getByRole('button', { name: /Save|Edit|Delete|Reset layout/ }).count()).toBe(0);
    expect({ problems: await accessibilityProblems(v) }).toEqual({ problems: [] });

    // A reload keeps access for the tab; a view that is not enabled falls back to the first one.
    await v.goto(`${link}?view=Workloads`);
    await canvasReady(v);
    expect(await v.getByRole('tab', { selected: true }).textContent()).toBe('L2 physical');

    // A new password voids the visitor's access: asked again.
    expectOk(
      await ui.http
        .as(org.owner.session)
        .put(`/api/v1/shares/${id}`, { network_id: saved.network_id, name: 'Wall display', password: 'new secret' }),
    );
    await v.reload();
    await v.getByText('Your access has ended').waitFor();
    await visitor.context.close();
    await context.close();
  });

  it('edits a share (remove the password, turn a view off) and deletes it after confirming', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const org = await signInAsNewOrg(ui, context);
    const net = await seed(org);
    const as = ui.http.as(org.owner.session);
    const body = { network_id: net, name: 'Lab', password: 'pw', enabled_views: ['L3Logical', 'Workloads'] };
    const share = expectOk(await as.post('/api/v1/shares', body), 201);
    await page.goto('/shares');
    await page.getByRole('row', { name: /Lab/ }).getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit share “Lab”' });
    expect(await form.getByLabel('Network').isDisabled()).toBe(true);
    await form.getByRole('checkbox', { name: 'Workloads' }).uncheck();
    await form.getByRole('checkbox', { name: /Remove the password/ }).check();
    await form.getByLabel('Sites that may embed it').fill('https://Wiki.Example.com/page\nintranet');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    expect(expectOk(await as.get(`/api/v1/shares/${share.id}`))).toMatchObject({
      requires_password: false,
      enabled_views: ['L3Logical'],
      allowed_domains: ['wiki.example.com', 'intranet'],
    });
    await page.getByRole('row', { name: /Lab/ }).getByText('Embeds on wiki.example.com, intranet').waitFor();

    // A domain the API refuses is shown under its field.
    await page.getByRole('row', { name: /Lab/ }).getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('Sites that may embed it').fill('not a host!');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Some fields need attention').waitFor();
    expect(await form.getByLabel('Sites that may embed it').getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('row', { name: /Lab/ }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete share?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(expectOk(await as.get('/api/v1/shares'))).toHaveLength(1);
    await page.getByRole('row', { name: /Lab/ }).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete share' }).click();
    await page.getByText('No shares yet').waitFor();
    expect(expectOk(await as.get('/api/v1/shares'))).toEqual([]);
    await context.close();
  });

  it('says clearly when a share is unknown, turned off or expired, and when to retry after too many tries', async () => {
    const org = await registerOrgWithNetwork();
    const as = ui.http.as(org.session);
    const off = expectOk(await as.post('/api/v1/shares', { network_id: org.net, name: 'Off', is_enabled: false }), 201);
    const past = new Date(Date.now() - 60_000).toISOString();
    const old = expectOk(await as.post('/api/v1/shares', { network_id: org.net, name: 'Old', expires_at: past }), 201);
    const locked = expectOk(
      await as.post('/api/v1/shares', { network_id: org.net, name: 'Locked', password: 'x' }),
      201,
    );
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    for (const [path, text] of [
      ['/share/00000000-0000-4000-8000-000000000000', 'Share not found'],
      ['/share/not-a-share', 'Share not found'],
      [`/share/${off.id}`, 'Share turned off'],
      [`/share/${old.id}`, 'Share expired'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: text, level: 1 }).waitFor();
    }
    // The API's 429 (10 tries a minute) says when to try again.
    await page.route('**/verify', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '42' },
        body: JSON.stringify({ success: false, error: 'Too many requests', code: 'rate_limit_exceeded' }),
      }),
    );
    await page.goto(`/share/${locked.id}`);
    await page.getByLabel('Password').fill('guess');
    await page.getByRole('button', { name: 'View map' }).click();
    await page.getByRole('alert').getByText('Too many requests. Try again in 42 seconds.').waitFor();
    await context.close();
  });

  async function registerOrgWithNetwork() {
    const org = await registerOrg(ui.http);
    const net = await seed(org);
    return { session: org.owner.session, net, org };
  }

  describe('embedding on other sites', () => {
    let server: Server;
    let outside: string;
    /** The page another site serves: the share's embed code, as the Shares page gives it. */
    let embedPage = '';
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><html lang="en"><title>Wiki</title><h1>Team wiki</h1>${embedPage}</html>`);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      // Another origin than the app's http://127.0.0.1:<port>: localhost on this server's port.
      outside = `http://localhost:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** Loads the wiki page embedding the share; the frame's document once it has loaded. */
    async function embedOn(page: Page, snippet: string): Promise<Frame> {
      embedPage = snippet;
      await page.goto(outside);
      const frame = await (await page.locator('iframe').elementHandle())!.contentFrame();
      await frame!.waitForLoadState('load');
      return frame!;
    }

    it('shows the share in an iframe on an allowed site, and the browser refuses it on any other', async () => {
      const { org, net } = await registerOrgWithNetwork();
      const as = ui.http.as(org.owner.session);
      const create = async (name: string, allowed_domains: string[] | null) =>
        expectOk(
          await as.post('/api/v1/shares', { network_id: net, name, allowed_domains, enabled_views: ['L3Logical'] }),
          201,
        );
      const allowed = await create('On the wiki', ['localhost']);
      const elsewhere = await create('Elsewhere', ['wiki.example.com']);
      const nowhere = await create('Nowhere', null);

      // The embed code from the Shares page.
      const admin = await newPage(ui.browser, ui.baseUrl);
      await admin.context.addCookies([
        { name: 'session_id', value: org.owner.session.cookie!, url: ui.baseUrl, httpOnly: true, sameSite: 'Lax' },
      ]);
      await admin.page.goto('/shares');
      await admin.page
        .getByRole('row', { name: /On the wiki/ })
        .getByRole('button', { name: 'Embed' })
        .click();
      const dialog = admin.page.getByRole('dialog', { name: 'Embed “On the wiki”' });
      await dialog.getByText('Sites that may show it: localhost').waitFor();
      const snippet = await dialog.getByLabel('Embed code').inputValue();
      await admin.context.close();

      const { context, page } = await newPage(ui.browser, ui.baseUrl);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const shown = await embedOn(page, snippet);
      await shown.getByRole('heading', { name: 'On the wiki', level: 1 }).waitFor();
      await canvasReady(shown);
      expect(await listedNodes(shown)).toEqual(['10.0.0.0/24', 'core-switch', 'nas-01', 'printer', 'web-01']);
      await screenshot(page, 'share-embedded');
      expect(errors).toEqual([]);

      for (const other of [elsewhere, nowhere]) {
        const frame = await embedOn(page, snippet.replace(allowed.id, other.id));
        // Chromium swaps a refused frame for its error page: none of the share's document is there.
        expect(frame.url()).not.toContain(`/share/${other.id}`);
        expect(await frame.locator('#root').count()).toBe(0);
      }
      await context.close();
    });
  });
});
