import type { Page, Request } from 'playwright-core';
import { addNetwork, addUser } from '../../test/support/tenants';
import { expectOk } from '../../test/support/http';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();
const VIEWPORT = { width: 1280, height: 800 };
const COMMUNITY = 'c0mmunity-Sup3r-S3cret';
const AUTH_PASSWORD = 'auth-pass-Sup3r-S3cret';
const PRIV_PASSWORD = 'priv-pass-Sup3r-S3cret';

/** Neither the page's markup nor any input's value holds a secret. */
async function expectNoSecret(page: Page) {
  const html = await page.content();
  const values = await page
    .locator('input, textarea')
    .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  for (const secret of [COMMUNITY, AUTH_PASSWORD, PRIV_PASSWORD]) {
    expect(html).not.toContain(secret);
    expect(values).not.toContain(secret);
  }
}

/** The JSON body of the next PUT or POST the page sends to the credentials API. */
function nextCredentialWrite(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r: Request) => r.url().includes('/api/v1/credentials') && ['PUT', 'POST'].includes(r.method()))
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

describe('credentials in the browser', () => {
  it('creates, edits and deletes a credential, and never shows a secret', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: VIEWPORT });
    const org = await signInAsNewOrg(ui, context);
    const owner = ui.http.as(org.owner.session);
    const networkId = await addNetwork(ui.http, org.owner.session, { name: 'Head office' });
    await page.goto('/credentials');
    await page.getByText('No credentials yet').waitFor();

    // A missing community is named under its field.
    await page.getByRole('button', { name: 'New credential' }).click();
    const create = page.getByRole('dialog', { name: 'New credential' });
    await create.getByLabel('Name', { exact: true }).fill('Core switches');
    await create.getByLabel('Description').fill('Catalysts in the rack');
    await create.getByRole('button', { name: 'Create credential' }).click();
    await create.locator('.field-error').first().waitFor();
    expect(await create.getByLabel('Community', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await create.getByLabel('Community', { exact: true }).fill(COMMUNITY);
    expect(await create.getByLabel('Community', { exact: true }).getAttribute('type')).toBe('password');
    await create.getByRole('checkbox', { name: 'Head office' }).check();
    const created = nextCredentialWrite(page);
    await create.getByRole('button', { name: 'Create credential' }).click();
    expect((await created).credential_type).toEqual({
      type: 'SnmpV2c',
      community: { mode: 'Inline', value: COMMUNITY },
    });
    await create.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Core switches/ });
    await row.getByText('SNMP v2c').waitFor();
    await row.getByText('Head office').waitFor();
    await expectNoSecret(page);

    const [stored] = expectOk(await owner.get('/api/v1/credentials'));
    expect(stored.credential_type).toEqual({ type: 'SnmpV2c', community: { mode: 'Inline', value: '********' } });
    expect(stored.assigned_network_ids).toEqual([networkId]);

    // Editing: the secret input starts empty; left empty, the stored secret is kept.
    await page.getByRole('button', { name: 'Edit Core switches' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Core switches' });
    expect(await edit.getByLabel('Replace community', { exact: true }).inputValue()).toBe('');
    await expectNoSecret(page);
    await screenshot(page, 'credentials');
    await edit.getByLabel('Name', { exact: true }).fill('Core switches (v2c)');
    const renamed = nextCredentialWrite(page);
    await edit.getByRole('button', { name: 'Save credential' }).click();
    expect((await renamed).credential_type).toEqual({
      type: 'SnmpV2c',
      community: { mode: 'Inline', value: '********' },
    });
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Core switches \(v2c\)/ }).waitFor();

    // Changing to SNMP v3 asks for its secrets afresh.
    await page.getByRole('button', { name: 'Edit Core switches (v2c)' }).click();
    const v3 = page.getByRole('dialog', { name: 'Edit Core switches (v2c)' });
    await v3.getByLabel('Type').selectOption('SnmpV3');
    await v3.getByLabel('Name', { exact: true }).fill('Core switches (v3)');
    await v3.getByLabel('Security name').fill('netatlas');
    await v3.getByLabel('Security level').selectOption('authPriv');
    await v3.getByLabel('Authentication protocol').selectOption('Sha512');
    await v3.getByLabel('Authentication password', { exact: true }).fill(AUTH_PASSWORD);
    await v3.getByLabel('Privacy protocol').selectOption('Aes256');
    await v3.getByLabel('Privacy password', { exact: true }).fill(PRIV_PASSWORD);
    await v3.getByRole('button', { name: 'Save credential' }).click();
    await v3.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Core switches \(v3\)/ })
      .getByText('SNMP v3 · authPriv · Sha512/Aes256')
      .waitFor();
    await expectNoSecret(page);
    const [updated] = expectOk(await owner.get('/api/v1/credentials'));
    expect(updated.credential_type).toMatchObject({
      type: 'SnmpV3',
      security_name: 'netatlas',
      auth_password: { mode: 'Inline', value: '********' },
      priv_password: { mode: 'Inline', value: '********' },
    });

    // Replacing one secret sends it; the other stays the stored one.
    await page.getByRole('button', { name: 'Edit Core switches (v3)' }).click();
    const replace = page.getByRole('dialog', { name: 'Edit Core switches (v3)' });
    expect(await replace.getByLabel('Replace authentication password', { exact: true }).inputValue()).toBe('');
    expect(await replace.getByLabel('Replace privacy password', { exact: true }).inputValue()).toBe('');
    await replace.getByLabel('Replace privacy password', { exact: true }).fill(`${PRIV_PASSWORD}-2`);
    const replaced = nextCredentialWrite(page);
    await replace.getByRole('button', { name: 'Save credential' }).click();
    expect((await replaced).credential_type).toMatchObject({
      auth_password: { mode: 'Inline', value: '********' },
      priv_password: { mode: 'Inline', value: `${PRIV_PASSWORD}-2` },
    });
    await replace.waitFor({ state: 'detached' });
    await expectNoSecret(page);

    // The network filter lives in the URL.
    const otherNetwork = await addNetwork(ui.http, org.owner.session, { name: 'Warehouse' });
    await page.reload();
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Warehouse' });
    await page.waitForURL(new RegExp(`network=${otherNetwork}`));
    await page.getByText('No credential is used on this network').waitFor();
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Head office' });
    await page.getByRole('row', { name: /Core switches \(v3\)/ }).waitFor();
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'All networks' });

    await page.getByRole('button', { name: 'Delete Core switches (v3)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete credential' }).click();
    await page.getByText('No credentials yet').waitFor();
    expect(expectOk(await owner.get('/api/v1/credentials'))).toEqual([]);
    await context.close();
  });

  it('shows a Viewer the credentials without write buttons', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: VIEWPORT });
    const org = await signInAsNewOrg(ui, context);
    const network = await addNetwork(ui.http, org.owner.session);
    expectOk(
      await ui.http.as(org.owner.session).post('/api/v1/credentials', {
        name: 'Read only',
        organization_id: org.id,
        credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: COMMUNITY } },
        assigned_network_ids: [network],
        host_assignments: [],
        tags: [],
      }),
      201,
    );
    const viewer = await addUser(ui.http, org.owner.session, 'Viewer', [network]);
    await context.clearCookies();
    await context.addCookies([
      { name: 'session_id', value: viewer.session.cookie!, url: ui.baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);
    await page.goto('/credentials');
    await page.getByRole('row', { name: /Read only/ }).waitFor();
    expect(await page.getByRole('button', { name: /New|Edit|Delete/ }).count()).toBe(0);
    await expectNoSecret(page);
    await context.close();
  });
});
