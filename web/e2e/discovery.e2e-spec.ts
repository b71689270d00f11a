import { expectOk } from '../../test/support/http';
import { addSubnet } from '../../test/support/hosts';
import { type Listener, listen } from '../../test/support/loopback-network';
import { addNetwork, type Org } from '../../test/support/tenants';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

/** Real runs scan only loopback: 127.93.0.0/24, where one nginx-like listener waits on 127.93.0.2. */
const ui = useUiApp({ env: { DISCOVERY_WORKER: 'true', DISCOVERY_ALLOWED_CIDRS: '127.0.0.0/8' } });

describe('discovery in the browser', () => {
  let web: Listener;
  beforeAll(async () => {
    web = await listen('127.93.0.2', 'nginx');
  });
  afterAll(() => web?.close());

  const labNetwork = async (org: Org) => {
    const net = await addNetwork(ui.http, org.owner.session, { name: 'Lab' });
    await addSubnet(ui.http, org.owner.session, net, '127.93.0.0/24');
    return net;
  };

  it('starts a run from the form and follows it through the event stream to 100 %, with the host and diagnostics', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: { width: 1280, height: 800 } });
    const org = await signInAsNewOrg(ui, context);
    await labNetwork(org);
    await page.goto('/discovery');
    await page.getByText('No discovery runs yet').waitFor();
    await page.getByRole('link', { name: 'Start discovery' }).first().click();
    await page.waitForURL(/\/discovery\/new/);

    // Client-side checks first, then the API's own per-target check (outside the network's subnets).
    await page.getByRole('button', { name: 'Start discovery' }).click();
    await page.getByText('Enter at least one address, CIDR or range').waitFor();
    expect(await page.getByLabel('Targets').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Targets').fill('127.94.0.1');
    await page.getByRole('button', { name: 'Start discovery' }).click();
    await page.locator('.field-error', { hasText: '127.94.0.1:' }).waitFor();

    await page.getByLabel('Targets').fill('127.93.0.1-127.93.0.3');
    await page.getByRole('radio', { name: 'These ports' }).check();
    await page.getByLabel('Port list').fill(`22, ${web.port}`);
    await page.getByLabel(/Also ask SNMP/).check();
    const stream = page.waitForResponse((r) => /\/api\/v1\/discovery\/runs\/[^/]+\/events$/.test(r.url()));
    await page.getByRole('button', { name: 'Start discovery' }).click();
    await page.waitForURL(/\/discovery\/runs\/[0-9a-f-]{36}$/);
    expect((await stream).headers()['content-type']).toMatch(/^text\/event-stream/);

    await page.locator('[role=progressbar][aria-label="Run progress"][aria-valuenow="100"]').waitFor();
    await page.getByRole('heading', { name: /Completed/ }).waitFor();
    await page.getByText('Live stream ended').waitFor();
    expect(await page.getByTestId('hosts-found').textContent()).toBe('1');
    const found = page.getByRole('table', { name: 'Hosts found' });
    await found.getByRole('cell', { name: '127.93.0.2' }).waitFor();
    expect(await found.getByText(String(web.port)).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);

    // Per-host diagnostics: SNMP was asked, with no credential to ask it with.
    const diagnostics = page.getByRole('region', { name: 'Diagnostics by host' });
    await diagnostics.getByText('no SNMP credential applies to 127.93.0.2').waitFor();
    const host = diagnostics.getByLabel('Host');
    const choice = await host.locator('option', { hasText: '127.93.0.2' }).getAttribute('value');
    expect(choice).toMatch(/^[0-9a-f-]{36}$/);
    await host.selectOption(choice!);
    await page.waitForURL(new RegExp(`host=${choice}`));
    expect(await diagnostics.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      expect.stringContaining('127.93.0.2'),
    ]);
    await page.waitForTimeout(400); // the bar's width eases in over 0.25 s
    await screenshot(page, 'discovery-run');

    await page.getByRole('link', { name: '← All runs' }).click();
    const row = page.getByRole('table', { name: 'Discovery runs' }).getByRole('row').nth(1);
    await row.getByText('Completed').waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Completed',
      'Lab',
      '127.93.0.1-127.93.0.3',
      expect.stringMatching(/ago|now/),
      expect.stringMatching(/ago|now/),
      '1',
      '100 %',
    ]);
    await screenshot(page, 'discovery-runs');
    await context.close();
  });

  it('follows the run by polling when the event stream cannot be opened', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { colorScheme: 'dark' });
    const org = await signInAsNewOrg(ui, context);
    const net = await labNetwork(org);
    let streamsRefused = 0;
    await page.route(/\/events$/, (route) => {
      streamsRefused += 1;
      return route.abort();
    });
    const run = expectOk(
      await ui.http
        .as(org.owner.session)
        .post('/api/v1/discovery/runs', { network_id: net, targets: ['127.93.0.2'], ports: [web.port] }),
      202,
    );
    const polled = page.waitForResponse((r) => r.url().endsWith(`/api/v1/discovery/runs/${run.id}`));
    await page.goto(`/discovery/runs/${run.id}`);
    await polled;
    await page.getByText('The live stream is unavailable; following the run by polling instead.').waitFor();
    await page.locator('[role=progressbar][aria-label="Run progress"][aria-valuenow="100"]').waitFor();
    await page.getByRole('heading', { name: /Completed/ }).waitFor();
    expect(await page.getByTestId('hosts-found').textContent()).toBe('1');
    expect(streamsRefused).toBeGreaterThan(0);
    await page.waitForTimeout(400); // the bar's width eases in over 0.25 s
    await screenshot(page, 'discovery-run-dark');
    await context.close();
  });

  it('cancels a running run from its page', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const org = await signInAsNewOrg(ui, context);
    const net = await labNetwork(org);
    // One connection at a time over 2000 ports of a /25: long enough to be cancelled while it runs.
    const ports = Array.from({ length: 2000 }, (_, i) => 20_000 + i);
    const run = expectOk(
      await ui.http.as(org.owner.session).post('/api/v1/discovery/runs', {
        network_id: net,
        targets: ['127.93.0.128/25'],
        ports,
        concurrency: 1,
        timeout_ms: 200,
      }),
      202,
    );
    await page.goto(`/discovery/runs/${run.id}`);
    await page.getByRole('heading', { name: /Running/ }).waitFor();
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByRole('heading', { name: /Cancelled/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    expect(
      Number(await page.getByRole('progressbar', { name: 'Run progress' }).getAttribute('aria-valuenow')),
    ).toBeLessThan(100);
    await page.getByText('Nothing was recorded: a run that did not complete ingests nothing.').waitFor();
    expect(expectOk(await ui.http.as(org.owner.session).get(`/api/v1/discovery/runs/${run.id}`)).status).toBe(
      'cancelled',
    );
    await context.close();
  });

  it('creates a schedule with a readable cron and deletes it', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const org = await signInAsNewOrg(ui, context);
    await labNetwork(org);
    await page.goto('/discovery/schedules');
    await page.getByText('No schedules').waitFor();
    await page.getByRole('link', { name: 'New schedule' }).first().click();
    await page.getByLabel('Name').fill('Nightly lab sweep');
    await page.getByLabel('Cron (UTC)').fill('0 3 * *');
    await page.getByText('Five fields: minute hour day-of-month month weekday', { exact: false }).first().waitFor();
    await page.getByLabel('Cron (UTC)').fill('*/15 * * * *');
    await page.getByText('Every 15 minutes.', { exact: false }).waitFor();
    await page.getByLabel('Targets').fill('127.93.0.0/24');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    await page.waitForURL(/\/discovery\/schedules$/);

    const table = page.getByRole('table', { name: 'Discovery schedules' });
    const row = table.getByRole('row', { name: /Nightly lab sweep/ });
    await row.getByText('Every 15 minutes').waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Lab');
    const listed = expectOk(await ui.http.as(org.owner.session).get('/api/v1/discovery/schedules'));
    expect(listed).toMatchObject([
      { name: 'Nightly lab sweep', cron: '*/15 * * * *', targets: ['127.93.0.0/24'], ports: 'top100' },
    ]);

    await row.getByRole('button', { name: 'Delete schedule Nightly lab sweep' }).click();
    await row.getByRole('button', { name: 'Delete Nightly lab sweep' }).click();
    await page.getByText('No schedules').waitFor();
    expect(expectOk(await ui.http.as(org.owner.session).get('/api/v1/discovery/schedules'))).toEqual([]);
    await context.close();
  });
});
