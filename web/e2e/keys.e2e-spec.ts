import type { Page } from 'playwright-core';
import { addNetwork } from '../../test/support/tenants';
import { expectOk } from '../../test/support/http';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();
const VIEWPORT = { width: 1280, height: 800 };
const KEY = /^nta_[A-Za-z0-9_-]{43}$/;

/** The secret in the one-time dialog, after checking it says it cannot be shown again. */
async function shownSecret(page: Page, title: string | RegExp): Promise<string> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.getByText('cannot be shown again').waitFor();
  const key = (await dialog.getByLabel('API key').textContent())!.trim();
  expect(key).toMatch(KEY);
  return key;
}

describe('API keys in the browser', () => {
  it('creates a key shown once, copies it, uses it, disables, rotates and deletes it', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: VIEWPORT });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.baseUrl });
    const org = await signInAsNewOrg(ui, context);
    await addNetwork(ui.http, org.owner.session, { name: 'Head office' });
    await page.goto('/keys');
    await page.getByText('No API keys yet').waitFor();

    await page.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.getByLabel('Key name').fill('CI exporter');
    await form.getByLabel('Permissions').selectOption('Member');
    await form.getByRole('button', { name: 'Create key' }).click();
    const key = await shownSecret(page, 'API key CI exporter created');
    // The dialog opens on its Copy button: Enter copies.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy key');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshot(page, 'api-key-created');

    // The key works against the API as a bearer.
    expectOk(await ui.http.as({ bearer: key }).get('/api/v1/networks'));

    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(key);
    const row = page.getByRole('row', { name: /CI exporter/ });
    await row.getByText('Enabled').waitFor();
    await row.getByRole('cell', { name: 'Member', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'All', exact: true }).waitFor();
    await page.reload();
    // Last used (the fifth column) moved with the call above.
    expect(await row.getByRole('cell').nth(4).textContent()).toMatch(/ago|now/);

    // Disabled: refused; enabled again: accepted.
    await page.getByRole('button', { name: 'Disable CI exporter' }).click();
    await row.getByText('Disabled').waitFor();
    const refused = await ui.http.as({ bearer: key }).get('/api/v1/networks');
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'entity_disabled' });
    await page.getByRole('button', { name: 'Enable CI exporter' }).click();
    await row.getByText('Enabled').waitFor();
    expectOk(await ui.http.as({ bearer: key }).get('/api/v1/networks'));

    // Rotated: a new secret shown once; the old one is dead.
    await page.getByRole('button', { name: 'Rotate CI exporter' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rotate CI exporter?' })
      .getByRole('button', { name: 'Rotate key' })
      .click();
    const rotated = await shownSecret(page, 'New secret for CI exporter');
    expect(rotated).not.toBe(key);
    expect((await ui.http.as({ bearer: key }).get('/api/v1/networks')).status).toBe(401);
    expectOk(await ui.http.as({ bearer: rotated }).get('/api/v1/networks'));
    await page.getByRole('button', { name: 'I have stored it' }).click();

    await page.getByRole('button', { name: 'Delete CI exporter' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete CI exporter?' })
      .getByRole('button', { name: 'Delete key' })
      .click();
    await page.getByText('No API keys yet').waitFor();
    expect((await ui.http.as({ bearer: rotated }).get('/api/v1/networks')).status).toBe(401);
    await context.close();
  });

  it('limits a new key to chosen networks and an expiry day, and names a bad field under it', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: VIEWPORT });
    const org = await signInAsNewOrg(ui, context);
    const office = await addNetwork(ui.http, org.owner.session, { name: 'Head office' });
    const lab = await addNetwork(ui.http, org.owner.session, { name: 'Lab' });
    await page.goto('/keys');
    await page.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByLabel('Key name').and(page.locator('[aria-invalid="true"]')).waitFor();

    await form.getByLabel('Key name').fill('Lab scraper');
    await form.getByLabel('Only these networks:').check();
    await form.getByRole('checkbox', { name: 'Lab' }).check();
    await form.getByLabel('Expires on').fill('2027-06-30');
    await form.getByRole('button', { name: 'Create key' }).click();
    const key = await shownSecret(page, 'API key Lab scraper created');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    const row = page.getByRole('row', { name: /Lab scraper/ });
    await row.getByRole('cell', { name: 'Lab', exact: true }).waitFor();
    await row.getByText(/2027/).waitFor();

    const [stored] = expectOk(await ui.http.as(org.owner.session).get('/api/v1/auth/keys'));
    expect(stored).toMatchObject({ name: 'Lab scraper', permissions: 'Viewer', network_ids: [lab] });
    expect(stored.expires_at).toMatch(/^2027-0[67]-/);
    expect((await ui.http.as({ bearer: key }).get(`/api/v1/networks/${office}`)).status).toBe(404);
    expectOk(await ui.http.as({ bearer: key }).get(`/api/v1/networks/${lab}`));

    // Edited later: its secret stays, its reach changes.
    await page.getByRole('button', { name: 'Edit Lab scraper' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Lab scraper' });
    expect(await edit.getByLabel('Expires on').inputValue()).toBe('2027-06-30');
    expect(await edit.getByRole('checkbox', { name: 'Lab' }).isChecked()).toBe(true);
    await edit.getByLabel('Key name').fill('Office scraper');
    await edit.getByRole('checkbox', { name: 'Lab' }).uncheck();
    await edit.getByRole('checkbox', { name: 'Head office' }).check();
    await edit.getByLabel('Expires on').fill('');
    await edit.getByRole('button', { name: 'Save key' }).click();
    await edit.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Office scraper/ })
      .getByRole('cell', { name: 'Never', exact: true })
      .first()
      .waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expectOk(await ui.http.as({ bearer: key }).get(`/api/v1/networks/${office}`));
    expect((await ui.http.as({ bearer: key }).get(`/api/v1/networks/${lab}`)).status).toBe(404);

    // A plan without API access: the page says why keys are refused.
    expectOk(await ui.http.as(org.owner.session).put('/api/v1/organizations/plan', { type: 'Starter' }));
    await page.reload();
    await page.getByText('Your plan does not include API access').waitFor();
    expect((await ui.http.as({ bearer: key }).get('/api/v1/networks')).status).toBe(402);
    await context.close();
  });
});
