import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expectOk } from '../../test/support/http';
import { addHost } from '../../test/support/hosts';
import { addNetwork, addUser, type Org } from '../../test/support/tenants';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();

/** Hosts web, api, db and cache of one network, each with one service on one port. */
async function seedShop(org: Org) {
  const net = await addNetwork(ui.http, org.owner.session, { name: 'Shop' });
  const ids: Record<string, string> = {};
  const service = async (hostName: string, name: string, port: number, definition: string) => {
    const [portId, serviceId] = [randomUUID(), randomUUID()];
    await addHost(ui.http, org.owner.session, net, {
      name: hostName,
      ports: [{ id: portId, number: port, protocol: 'Tcp', type: definition }],
      services: [
        { id: serviceId, name, service_definition: definition, bindings: [{ type: 'Port', port_id: portId }] },
      ],
    });
    ids[hostName] = serviceId;
  };
  await service('web', 'nginx', 443, 'Https');
  await service('api', 'gunicorn', 8080, 'Http');
  await service('db', 'postgres', 5432, 'Postgres');
  await service('cache', 'redis', 6379, 'Redis');
  return { net, ids };
}

async function pick(page: Page, search: string, label: string) {
  await page.getByLabel('Find services').fill(search);
  const results = page.getByRole('list', { name: 'Services found' });
  await results.getByText(label, { exact: true }).waitFor();
  await results.getByRole('button', { name: `Add ${label}` }).click();
}

const chosen = (page: Page) =>
  page.getByRole('list', { name: 'Chosen services' }).locator('.dependency-member-label').allTextContents();

describe('dependencies in the browser', () => {
  it('creates a request path by picking three services in order, lists it, edits its colour and deletes it', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: { width: 1280, height: 800 } });
    const org = await signInAsNewOrg(ui, context);
    const { ids } = await seedShop(org);
    await page.goto('/dependencies');
    await page.getByText('No dependencies yet').waitFor();
    await page.getByRole('link', { name: 'New dependency' }).first().click();
    await page.waitForURL(/\/dependencies\/new$/);

    await page.getByLabel('Name').fill('Checkout path');
    await page.getByRole('button', { name: 'Create dependency' }).click();
    await page.getByText('Pick at least two services').waitFor();

    // Picked out of order, then put in order with the keyboard-reachable move buttons.
    await pick(page, 'db', 'db:5432');
    await pick(page, 'web', 'web:443');
    await pick(page, 'api', 'api:8080');
    await pick(page, 'cache', 'cache:6379');
    expect(await chosen(page)).toEqual(['db:5432', 'web:443', 'api:8080', 'cache:6379']);
    await page.getByRole('button', { name: 'Remove cache:6379' }).click();
    await page.getByRole('button', { name: 'Move db:5432 down' }).click();
    await page.getByRole('button', { name: 'Move db:5432 down' }).focus();
    await page.keyboard.press('Enter');
    expect(await chosen(page)).toEqual(['web:443', 'api:8080', 'db:5432']);
    expect(await page.getByLabel('Chain').textContent()).toBe('web:443 → api:8080 → db:5432');
    await page.getByRole('img', { name: 'Preview: web:443 → api:8080 → db:5432' }).waitFor();
    expect(await page.locator('svg.dependency-preview path[marker-end]').count()).toBe(2);

    await page.getByLabel('Colour').selectOption('Green');
    await page.getByLabel('Edge style').selectOption('Bezier');
    await page.getByLabel('Find services').fill('');
    await page.getByRole('list', { name: 'Services found' }).getByRole('listitem').nth(3).waitFor();
    expect(await page.getByText('Pick at least two services').count()).toBe(0);
    await screenshot(page, 'dependency-form');
    await page.getByRole('button', { name: 'Create dependency' }).click();
    await page.waitForURL(/\/dependencies$/);

    const row = page.getByRole('table', { name: 'Dependencies' }).getByRole('row', { name: /Checkout path/ });
    await row.getByText('web:443 → api:8080 → db:5432').waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Checkout path',
      'Request path',
      'web:443 → api:8080 → db:5432',
      'Green',
      'Bezier',
      'Shop',
      expect.stringContaining('Edit'),
    ]);
    const [saved] = expectOk(await ui.http.as(org.owner.session).get('/api/v1/dependencies'));
    expect(saved).toMatchObject({
      name: 'Checkout path',
      dependency_type: 'RequestPath',
      color: 'Green',
      edge_style: 'Bezier',
      members: { type: 'Services', service_ids: [ids.web, ids.api, ids.db] },
    });
    await screenshot(page, 'dependencies');

    await row.getByRole('link', { name: 'Edit Checkout path' }).click();
    await page.waitForURL(/\/dependencies\/[0-9a-f-]{36}\/edit$/);
    expect(await page.getByLabel('Chain').textContent()).toBe('web:443 → api:8080 → db:5432');
    expect(await page.getByLabel('Network').isDisabled()).toBe(true);
    await page.getByLabel('Colour').selectOption('Rose');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/dependencies$/);
    await row.getByText('Rose').waitFor();
    const [edited] = expectOk(await ui.http.as(org.owner.session).get('/api/v1/dependencies'));
    expect(edited).toMatchObject({ id: saved.id, color: 'Rose', members: { service_ids: [ids.web, ids.api, ids.db] } });

    await row.getByRole('button', { name: 'Delete dependency Checkout path' }).click();
    await row.getByRole('button', { name: 'Delete Checkout path' }).click();
    await page.getByText('No dependencies yet').waitFor();
    expect(expectOk(await ui.http.as(org.owner.session).get('/api/v1/dependencies'))).toEqual([]);
    await context.close();
  });

  it('makes a hub and spokes, choosing which service is the hub (dark theme)', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { colorScheme: 'dark' });
    const org = await signInAsNewOrg(ui, context);
    const { ids } = await seedShop(org);
    await page.goto('/dependencies/new');
    await page.getByLabel('Name').fill('Shared database');
    await page.getByRole('radio', { name: /Hub and spokes/ }).check();
    await pick(page, 'web', 'web:443');
    await pick(page, 'api', 'api:8080');
    await pick(page, 'db', 'db:5432');
    await page.getByRole('button', { name: 'Make db:5432 the hub' }).click();
    expect(await page.getByLabel('Chain').textContent()).toBe('db:5432 → web:443, api:8080');
    await page.getByRole('button', { name: 'Create dependency' }).click();
    await page.waitForURL(/\/dependencies$/);
    await page.getByRole('cell', { name: 'db:5432 → web:443, api:8080' }).waitFor();
    const [saved] = expectOk(await ui.http.as(org.owner.session).get('/api/v1/dependencies'));
    expect(saved).toMatchObject({
      dependency_type: 'HubAndSpoke',
      members: { type: 'Services', service_ids: [ids.db, ids.web, ids.api] },
    });
    await context.close();
  });

  it('offers a Viewer nothing to change on the dependency and discovery pages', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const org = await signInAsNewOrg(ui, context);
    const network = await addNetwork(ui.http, org.owner.session, { name: 'Read only' });
    const viewer = await addUser(ui.http, org.owner.session, 'Viewer', [network]);
    await context.clearCookies();
    await context.addCookies([
      { name: 'session_id', value: viewer.session.cookie!, url: ui.baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);
    for (const [path, action] of [
      ['/dependencies', 'New dependency'],
      ['/discovery', 'Start discovery'],
      ['/discovery/schedules', 'New schedule'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect({
        path,
        actions: await page.locator('.page-actions').getByRole('link', { name: action }).count(),
      }).toEqual({
        path,
        actions: 0,
      });
    }
    await context.close();
  });
});
