import { randomUUID } from 'node:crypto';
import { startNamespaceHost, type TestHost } from '../../test/support/network-namespace';
import { gotoThroughNetworkChanges, newPage } from './support/browser';
import { useUiApp } from './support/ui-app';

/**
 * Served over plain HTTP on a LAN address (not loopback, so not a secure context): no HSTS or
 * upgrade-insecure-requests sends the browser to https, the session cookie works, copying still works.
 * The address is the host side of a veth pair into a namespace this test makes; Chromium drops a navigation
 * when the machine's addresses change (other tests' namespaces), so the visits are made again then.
 */
describe('the UI on a plain-HTTP LAN address', () => {
  const SUBNET = 78;
  let lan: TestHost;
  beforeAll(async () => {
    lan = await startNamespaceHost({
      mac: 'b8:27:eb:07:08:09',
      subnet: SUBNET,
      serve: `console.log('up'); setInterval(() => {}, 1 << 30)`,
    });
  });
  afterAll(() => lan?.close());
  const ui = useUiApp({ listenOn: () => `10.203.${SUBNET}.1` });

  it('registers and signs in over http://10.203.78.1 and stays on http', async () => {
    expect(ui.baseUrl).toMatch(/^http:\/\/10\.203\.78\.1:\d+$/);
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    await gotoThroughNetworkChanges(page, '/register');
    await page.getByLabel('Your name').fill('Lan User');
    await page.getByLabel('Work email').fill(`lan-${randomUUID()}@example.test`);
    await page.getByLabel('Password').fill('tidal-lantern-quartz');
    await page.getByLabel('Organization').fill('Branch office');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForURL(/\/organization/);
    expect(await page.evaluate(() => [location.protocol, window.isSecureContext])).toEqual(['http:', false]);
    await gotoThroughNetworkChanges(page, '/hosts');
    await page.getByRole('heading', { name: 'Hosts' }).waitFor();
    expect(new URL(page.url()).protocol).toBe('http:');
    await context.close();
  });
});
