import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { addNetwork, addUser } from '../../test/support/tenants';
import { expectOk } from '../../test/support/http';
import { accessibilityProblems } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();
const VIEWPORT = { width: 1280, height: 800 };

const step = (page: Page, id: string) => page.locator(`li[data-step="${id}"]`);
const stepDone = (page: Page, id: string) => page.locator(`li[data-step="${id}"].is-done`).waitFor();

describe('the organization page in the browser', () => {
  it('greets a new organization with the checklist, which ticks as the profile is saved and steps are done', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: VIEWPORT });
    await page.goto('/register');
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Work email').fill(`ada-${randomUUID()}@example.test`);
    await page.getByLabel('Password').fill('tidal-lantern-quartz');
    await page.getByLabel('Organization').fill('Analytical Engines');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForURL(/\/organization\?welcome=1$/);
    await page.getByRole('heading', { name: 'Welcome to Netatlas, Ada Lovelace!' }).waitFor();
    await page.getByText('0 of 9 done').waitFor();
    expect(await step(page, 'network').getByRole('link', { name: 'Create a network' }).getAttribute('href')).toBe(
      '/networks',
    );

    // The profile: a missing "other" source is named under its field, then saved.
    await page.getByLabel('Company size').selectOption('11-50');
    await page.getByLabel('Your job title').fill('Network engineer');
    await page.getByLabel('How did you hear about Netatlas?').selectOption('other');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('referral_source_other is required').waitFor();
    expect(await page.getByLabel('Where?').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Where?').fill('A meetup');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').waitFor();
    await stepDone(page, 'profile');
    await stepDone(page, 'referral');
    await page.getByText('2 of 9 done').waitFor();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await screenshot(page, 'organization');

    // A network made through its page ticks the next step.
    await step(page, 'network').getByRole('link', { name: 'Create a network' }).click();
    await page.waitForURL(/\/networks$/);
    await page.getByRole('button', { name: 'New network' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Head office');
    await page.getByRole('dialog').getByRole('button', { name: 'Create network' }).click();
    await page.getByRole('link', { name: 'Head office' }).waitFor();
    await page.getByRole('link', { name: 'Organization' }).click();
    await stepDone(page, 'network');
    // The subnet step links to the first network.
    await step(page, 'subnet').locator('a[href^="/networks/"]').waitFor();

    // Inviting a teammate through the members section ticks its step.
    await page.getByRole('button', { name: 'Add member' }).click();
    const add = page.getByRole('dialog', { name: 'Add a member' });
    await add.getByLabel('Full name').fill('Grace Hopper');
    await add.getByLabel('Email').fill(`grace-${randomUUID()}@example.test`);
    await add.getByLabel('Role').selectOption('Member');
    await add.getByRole('checkbox', { name: 'Head office' }).check();
    await add.getByLabel('First password').fill('tidal-lantern-quartz');
    await add.getByRole('button', { name: 'Add member' }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Grace Hopper/ }).waitFor();
    await stepDone(page, 'teammate');
    await page.getByText('4 of 9 done').waitFor();

    const me = expectOk(await ui.http.as({ cookie: await sessionCookie(page) }).get('/api/auth/me'));
    const org = expectOk(await ui.http.as({ cookie: await sessionCookie(page) }).get('/api/v1/organizations'));
    expect(org).toMatchObject({ company_size: '11-50', referral_source: 'other', referral_source_other: 'A meetup' });
    expect(org.onboarding).toEqual(
      expect.arrayContaining(['OrgCreated', 'ProfileCompleted', 'ReferralSourceCompleted', 'FirstNetworkCreated']),
    );
    expect(me.job_title).toBe('Network engineer');
    await context.close();
  });

  it('lets the Owner change the plan and manage members, and shows a Viewer neither', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, { viewport: VIEWPORT });
    const org = await signInAsNewOrg(ui, context);
    const network = await addNetwork(ui.http, org.owner.session, { name: 'Branch' });
    const member = await addUser(ui.http, org.owner.session, 'Member', [network]);
    await page.goto('/organization');
    await page.locator('.facts').getByText('Community', { exact: true }).waitFor();

    await page.getByLabel('Change plan').selectOption('Pro');
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByText('Plan changed to Pro').waitFor();
    await page.getByText('Up to 10').waitFor();
    expect(expectOk(await ui.http.as(org.owner.session).get('/api/v1/organizations')).plan.type).toBe('Pro');

    const row = page.getByRole('row', { name: new RegExp(member.email) });
    await page.getByRole('button', { name: 'Edit Member' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Member' });
    await edit.getByLabel('Role').selectOption('Viewer');
    await edit.getByRole('button', { name: 'Save member' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'Viewer', exact: true }).waitFor();

    // The last Owner cannot be demoted: the 409 is shown under the role.
    await page.getByRole('button', { name: 'Edit Owner' }).click();
    const self = page.getByRole('dialog', { name: 'Edit Owner' });
    await self.getByLabel('Role').selectOption('Admin');
    await self.getByRole('button', { name: 'Save member' }).click();
    await self.getByText('The last Owner of an organization cannot be removed or demoted').waitFor();
    expect(await self.getByLabel('Role').getAttribute('aria-invalid')).toBe('true');
    await self.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Remove Member' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
    await row.waitFor({ state: 'detached' });

    const viewer = await addUser(ui.http, org.owner.session, 'Viewer', [network]);
    await context.clearCookies();
    await context.addCookies([
      { name: 'session_id', value: viewer.session.cookie!, url: ui.baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);
    await page.goto('/organization');
    await page.getByText('Only the organization’s Owner can change the plan.').waitFor();
    expect(await page.getByRole('heading', { name: 'Members' }).count()).toBe(0);
    expect(await page.getByLabel('Change plan').count()).toBe(0);
    await page.getByRole('button', { name: 'Save profile' }).waitFor();
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('the admin pages with data, in the %s theme', (colorScheme) => {
  it('leave no serious axe violation, with their dialogs open too, and fit 1280x800', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, {
      colorScheme,
      viewport: VIEWPORT,
      bypassCSP: true,
    });
    const org = await signInAsNewOrg(ui, context);
    const owner = ui.http.as(org.owner.session);
    const tag = expectOk(await owner.post('/api/v1/tags', { name: 'Production', color: 'Emerald' }), 201);
    const network = await addNetwork(ui.http, org.owner.session, { name: 'Campus', tags: [tag.id] });
    expectOk(await owner.post('/api/v1/subnets', { network_id: network, cidr: '10.1.0.0/16', name: 'Core' }), 201);
    expectOk(
      await owner.post('/api/v1/credentials', {
        name: 'Switches',
        organization_id: org.id,
        credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'not-shown-anywhere' } },
        assigned_network_ids: [network],
        host_assignments: [],
        tags: [tag.id],
      }),
      201,
    );
    expectOk(await owner.post('/api/v1/auth/keys', { name: 'Exporter' }), 201);
    await addUser(ui.http, org.owner.session, 'Member', [network]);

    const check = async (where: string) => {
      expect({ where, problems: await accessibilityProblems(page) }).toEqual({ where, problems: [] });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ where, overflow }).toEqual({ where, overflow: 0 });
    };
    const visit = async (path: string, ready: string) => {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      await check(path);
    };

    await visit('/networks', 'Production');
    await page.getByRole('button', { name: 'New tag' }).click();
    await check('new tag dialog');
    await visit(`/networks/${network}`, '10.1.0.0/16');
    await page.getByRole('button', { name: 'Delete 10.1.0.0/16' }).click();
    await check('delete subnet confirmation');
    await visit('/credentials', 'Switches');
    await page.getByRole('button', { name: 'Edit Switches' }).click();
    await page.getByRole('dialog').getByLabel('Type').selectOption('SnmpV3');
    await check('credential dialog (v3)');
    await visit('/keys', 'Exporter');
    await page.getByRole('button', { name: 'Rotate Exporter' }).click();
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('alertdialog', { name: 'New secret for Exporter' }).waitFor();
    await check('rotated key dialog');
    await visit('/organization?welcome=1', 'Welcome to Netatlas');
    await page.getByRole('button', { name: 'Add member' }).click();
    await check('add member dialog');
    await context.close();
  });
});

async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'session_id')!.value;
}
