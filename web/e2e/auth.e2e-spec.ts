import { randomUUID } from 'node:crypto';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();

describe('signing in and out in the browser', () => {
  it('registers an organization through the form, signs out, and signs back in to the page asked for', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const email = `ada-${randomUUID()}@example.test`;
    await page.goto('/register');
    await screenshot(page, 'register');
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password').fill('tidal-lantern-quartz');
    await page.getByLabel('Organization').fill('Acme Networks');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForURL(/\/organization/);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    await page.goto('/hosts?q=web');
    await page.waitForURL(/\/sign-in\?next=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Wrong email or password').waitFor();
    await screenshot(page, 'sign-in');
    await page.getByLabel('Password').fill('tidal-lantern-quartz');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/hosts\?q=web$/);
    await page.getByRole('heading', { name: 'Hosts' }).waitFor();
    await context.close();
  });

  it('returns to sign-in with a message when the session ends while a page is open', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const org = await signInAsNewOrg(ui, context);
    await page.goto('/hosts');
    await page.getByRole('heading', { name: 'Hosts' }).waitFor();
    await ui.http.as(org.owner.session).post('/api/auth/logout');
    await page.getByLabel('Search hosts').fill('db');
    await page.waitForURL(/\/sign-in\?reason=expired&next=%2Fhosts/);
    await page.getByText('Your session has ended').waitFor();
    await context.close();
  });

  it('shows the signed-in layout with every section a person can reach from the keyboard', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    await signInAsNewOrg(ui, context);
    await page.goto('/');
    await page.waitForURL(/\/hosts$/);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const sections = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(sections).toEqual([
      'Hosts',
      'Topology',
      'Networks',
      'Discovery',
      'Credentials',
      'Dependencies',
      'Shares',
      'API keys',
      'Organization',
    ]);
    await context.close();
  });
});
