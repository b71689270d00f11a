import { accessibilityProblems } from './support/axe';
import { newPage } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

const ui = useUiApp();

const PUBLIC_PAGES = ['/sign-in', '/register'];
const SIGNED_IN_PAGES = [
  '/hosts',
  '/topology',
  '/networks',
  '/discovery',
  '/credentials',
  '/dependencies',
  '/shares',
  '/keys',
  '/organization',
];

/** Every main page, in both themes: WCAG 2.1 A/AA by axe-core (contrast included), and no sideways scroll on a laptop. */
describe.each(['light', 'dark'] as const)('accessibility in the %s theme', (colorScheme) => {
  it('leaves no serious or critical axe violation and fits a 1280x800 screen', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl, {
      colorScheme,
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect({ path, problems: await accessibilityProblems(page) }).toEqual({ path, problems: [] });
    }
    const org = await signInAsNewOrg(ui, context);
    await ui.http.as(org.owner.session).post('/api/v1/networks', { name: 'Campus' });
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect({ path, problems: await accessibilityProblems(page) }).toEqual({ path, problems: [] });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    await context.close();
  });
});
