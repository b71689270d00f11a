import type { Page } from 'playwright-core';
import { addNetwork, addUser } from '../../test/support/tenants';
import { expectOk } from '../../test/support/http';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();
const VIEWPORT = { width: 1280, height: 800 };

function dialog(page: Page, name: string | RegExp) {
  return page.getByRole('dialog', { name });
}

describe('networks, subnets and tags in the browser', () => {
  it('creates a network, a tag and a subnet through the forms, with a CIDR error under its field', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: VIEWPORT });
    const org = await signInAsNewOrg(ui, context);
    await page.goto('/networks');
    await page.getByText('No networks yet').waitFor();

    await page.getByRole('button', { name: 'New network' }).click();
    const create = dialog(page, 'New network');
    await create.getByLabel('Name').fill('Head office');
    await create.getByLabel('Description').fill('Desks, printers and the server rack');
    await create.getByLabel('Stale after (hours)').fill('168');
    await create.getByRole('button', { name: 'Create network' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Head office' }).waitFor();

    await page.getByRole('button', { name: 'New tag' }).click();
    const tagDialog = dialog(page, 'New tag');
    await tagDialog.getByLabel('Tag name').fill('Production');
    await tagDialog.getByLabel('Emerald').check();
    await tagDialog.getByRole('button', { name: 'Create tag' }).click();
    await tagDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit Head office' }).click();
    const edit = dialog(page, 'Edit Head office');
    expect(await edit.getByLabel('Name').inputValue()).toBe('Head office');
    await edit.getByRole('checkbox', { name: 'Production' }).check();
    await edit.getByRole('button', { name: 'Save network' }).click();
    await edit.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Head office/ })
      .getByText('Production')
      .waitFor();
    await screenshot(page, 'networks');

    const networks = expectOk(await ui.http.as(org.owner.session).get('/api/v1/networks'));
    const tags = expectOk(await ui.http.as(org.owner.session).get('/api/v1/tags'));
    expect(tags).toEqual([expect.objectContaining({ name: 'Production', color: 'Emerald' })]);
    expect(networks).toEqual([
      expect.objectContaining({ name: 'Head office', stale_after_hours: 168, tags: [tags[0].id] }),
    ]);

    await page.getByRole('link', { name: 'Head office' }).click();
    await page.getByRole('heading', { name: 'Head office' }).waitFor();
    await page.getByRole('button', { name: 'New subnet' }).click();
    const subnet = dialog(page, 'New subnet');
    await subnet.getByLabel('CIDR').fill('10.20.0.1/16');
    await subnet.getByLabel('Name').fill('Office LAN');
    await subnet.getByRole('button', { name: 'Create subnet' }).click();
    await expectFieldError(page, subnet.getByLabel('CIDR'));
    await subnet.getByLabel('CIDR').fill('10.20.0.0/16');
    await subnet.getByRole('button', { name: 'Create subnet' }).click();
    await subnet.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '10.20.0.0/16', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit 10.20.0.0/16' }).click();
    await dialog(page, 'Edit 10.20.0.0/16').getByLabel('Name').fill('Office LAN (wired)');
    await dialog(page, 'Edit 10.20.0.0/16').getByRole('button', { name: 'Save subnet' }).click();
    await page.getByRole('cell', { name: 'Office LAN (wired)', exact: true }).waitFor();
    const subnets = expectOk(await ui.http.as(org.owner.session).get(`/api/v1/subnets?network_id=${networks[0].id}`));
    expect(subnets).toEqual([expect.objectContaining({ cidr: '10.20.0.0/16', name: 'Office LAN (wired)' })]);

    // An instant before the subnet existed shows none, read-only; back to now shows it again.
    const before = new Date(Date.parse(subnets[0].valid_from) - 1000).toISOString();
    await page.goto(`/networks/${networks[0].id}?at=${encodeURIComponent(before)}`);
    await page.getByText('No subnets at that time').waitFor();
    expect(await page.getByRole('button', { name: 'New subnet' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to now' }).click();
    await page.getByRole('cell', { name: '10.20.0.0/16', exact: true }).waitFor();

    // A subnet still holding an address is refused (409), and the refusal stays in the confirmation.
    const host = expectOk(
      await ui.http.as(org.owner.session).post('/api/v1/hosts', {
        network_id: networks[0].id,
        name: 'printer',
        ip_addresses: [{ subnet_id: subnets[0].id, ip_address: '10.20.0.9' }],
      }),
      201,
    );
    await page.getByRole('button', { name: 'Delete 10.20.0.0/16' }).click();
    const inUse = page.getByRole('alertdialog', { name: 'Delete 10.20.0.0/16?' });
    await inUse.getByRole('button', { name: 'Delete subnet' }).click();
    expect(await inUse.getByRole('alert').textContent()).toMatch(/in use|still/i);
    await inUse.getByRole('button', { name: 'Cancel' }).click();
    expectOk(await ui.http.as(org.owner.session).delete(`/api/v1/hosts/${host.id}`));

    await page.getByRole('button', { name: 'Delete 10.20.0.0/16' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete 10.20.0.0/16?' })
      .getByRole('button', { name: 'Delete subnet' })
      .click();
    await page.getByText('No subnets yet').waitFor();
    await context.close();
  });

  it('shows a duplicate name under its field, deletes after confirming, and the plan limit before and at the 402', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: VIEWPORT });
    const org = await signInAsNewOrg(ui, context);
    await addNetwork(ui.http, org.owner.session, { name: 'Lab' });
    expectOk(await ui.http.as(org.owner.session).post('/api/v1/tags', { name: 'Old', color: 'Red' }), 201);
    await page.goto('/networks');

    // From the keyboard: the dialog opens on its first field, Escape closes it and focus returns.
    await page.getByRole('button', { name: 'New network' }).focus();
    await page.keyboard.press('Enter');
    const create = dialog(page, 'New network');
    await create.waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('New network');

    await page.getByRole('button', { name: 'New network' }).click();
    await create.getByLabel('Name').fill('Lab');
    await create.getByRole('button', { name: 'Create network' }).click();
    await create.getByText('This name is already taken.').waitFor();
    expect(await create.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await create.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete Lab' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Lab?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Lab' }).waitFor();
    await page.getByRole('button', { name: 'Delete Lab' }).click();
    await confirm.getByRole('button', { name: 'Delete network' }).click();
    await page.getByText('No networks yet').waitFor();

    await page.getByRole('button', { name: 'Delete tag Old' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete tag' }).click();
    await page.getByText('No tags yet').waitFor();
    expect(expectOk(await ui.http.as(org.owner.session).get('/api/v1/networks'))).toEqual([]);

    // On a plan with a network limit, the page says how many are left.
    expectOk(await ui.http.as(org.owner.session).put('/api/v1/organizations/plan', { type: 'Free' }));
    await page.reload();
    await page.getByText('The Free plan allows 1: 1 left.').waitFor();
    await addNetwork(ui.http, org.owner.session, { name: 'Only one' });
    await page.reload();
    await page.getByText('The Free plan allows 1: change the plan to add more.').waitFor();
    await page.getByRole('button', { name: 'New network' }).click();
    await create.getByLabel('Name').fill('One too many');
    await create.getByRole('button', { name: 'Create network' }).click();
    const refusal = await create.getByRole('alert').textContent();
    expect(refusal).toMatch(/plan|limit/i);
    await context.close();
  });

  it('shows a Viewer the networks, subnets and tags without any write button', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: VIEWPORT });
    const org = await signInAsNewOrg(ui, context);
    const network = await addNetwork(ui.http, org.owner.session, { name: 'Branch' });
    expectOk(
      await ui.http.as(org.owner.session).post('/api/v1/subnets', { network_id: network, cidr: '192.168.5.0/24' }),
      201,
    );
    expectOk(await ui.http.as(org.owner.session).post('/api/v1/tags', { name: 'Edge' }), 201);
    const viewer = await addUser(ui.http, org.owner.session, 'Viewer', [network]);
    await context.clearCookies();
    await context.addCookies([
      { name: 'session_id', value: viewer.session.cookie!, url: ui.baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);

    await page.goto('/networks');
    await page.getByRole('link', { name: 'Branch' }).waitFor();
    // Subnets column (the second cell after name and description).
    await page
      .getByRole('row', { name: /Branch/ })
      .getByRole('cell', { name: '1', exact: true })
      .waitFor();
    await page.getByText('Edge').waitFor();
    expect(await page.getByRole('button', { name: /New|Edit|Delete/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Branch' }).click();
    await page.getByRole('cell', { name: '192.168.5.0/24', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /New|Edit|Delete/ }).count()).toBe(0);
    await context.close();
  });
});

/** The input is marked invalid and its error, tied by aria-describedby, says something. */
async function expectFieldError(page: Page, input: ReturnType<Page['getByLabel']>) {
  await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await input.elementHandle());
  const message = await input.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((n) => n?.classList.contains('field-error'))
      .map((n) => n!.textContent)
      .join(''),
  );
  expect(message).not.toBe('');
}
