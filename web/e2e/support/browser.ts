import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { recordExchange } from '../../../test/support/secret-scan';

/** Debian's Chromium (.ci/run installs it); the tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep a headless Chromium off this machine's closed network and away from root's sandbox. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  options: { colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number }; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1440, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
  });
  recordApiTraffic(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * page.goto, again when Chromium dropped the navigation for a change of the machine's addresses
 * (ERR_NETWORK_CHANGED: tests running beside this one add and remove namespaces and their interfaces).
 */
export async function gotoThroughNetworkChanges(page: Page, path: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(path);
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('ERR_NETWORK_CHANGED')) throw error;
    }
  }
}

const SCREENSHOTS = join(__dirname, '../../../docs/screenshots');

/** Saves what a person sees, for the README and for review: docs/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/**
 * The secret scan (test/support/secret-scan.ts) sees the browser's API calls too: the passwords and keys the
 * UI sends, and every JSON answer it gets.
 */
function recordApiTraffic(context: BrowserContext): void {
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const request = response.request();
    void (async () => {
      let requestBody: unknown;
      try {
        requestBody = request.postDataJSON();
      } catch {
        requestBody = undefined;
      }
      let body: unknown;
      try {
        const text = await response.text();
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      } catch {
        body = undefined; // an event stream, or the page went away first
      }
      recordExchange(
        request.method(),
        url.pathname + url.search,
        requestBody,
        response.status(),
        await response.allHeaders(),
        body,
      );
    })().catch(() => undefined);
  });
}
