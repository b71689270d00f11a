import type { BrowserContext } from 'playwright-core';
import { registerOrg, type Org } from '../../../test/support/tenants';
import type { UiApp } from './ui-app';

/** A fresh organization whose Owner's session cookie is in the browser context, as after signing in. */
export async function signInAsNewOrg(ui: UiApp, context: BrowserContext): Promise<Org> {
  const org = await registerOrg(ui.http);
  const value = org.owner.session.cookie!;
  await context.addCookies([{ name: 'session_id', value, url: ui.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return org;
}
