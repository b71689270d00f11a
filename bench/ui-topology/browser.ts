import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** As the browser tests (web/e2e/support/browser.ts): off the closed network, no sandbox as root, no GPU. */
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

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });

/** What the page functions below touch of the DOM (this code is compiled without the DOM's types). */
export interface PageElement {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  textContent: string | null;
  click(): void;
  dispatchEvent(event: unknown): boolean;
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
}
export interface PageWindow {
  document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    addEventListener(type: string, listener: () => void, options: object): void;
  };
  location: { search: string };
  MouseEvent: new (type: string, init: object) => unknown;
  PerformanceObserver: new (callback: (list: { getEntries(): { duration: number }[] }) => void) => {
    observe(options: object): void;
    disconnect(): void;
  };
  benchLongTasks?: number[];
  benchObserver?: { disconnect(): void };
  benchTypedAt?: number;
}

export interface OpenPage {
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

/** `path` in a fresh context (no cache, no query cache), signed in by cookie, 1440 x 900. */
export async function open(browser: Browser, baseUrl: string, cookie: string, path: string): Promise<OpenPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'session_id', value: cookie, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(180_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(path, { waitUntil: 'commit' });
  return { page, cdp, close: () => context.close() };
}

/** The page's JS heap after a collection (CDP Performance.getMetrics, JSHeapUsedSize), in MB. */
export async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1024 / 1024;
}

export const CANVAS = '[data-testid="topology-canvas"]';

/** Navigation start to the page's mark 'topology:interactive' (the first frame of data drawn). */
export async function firstFrameMs(page: Page): Promise<number> {
  await page.locator(`${CANVAS}[data-state="ready"]`).waitFor({ state: 'attached' });
  return page.evaluate(() => performance.getEntriesByName('topology:interactive', 'mark')[0]?.startTime ?? NaN);
}

/** Navigation start to the first frame with a row in the hosts table. */
export const hostsTableMs = async (page: Page): Promise<number> =>
  (
    await page.waitForFunction(
      () => ((globalThis as unknown as PageWindow).document.querySelector('table tbody tr') ? performance.now() : 0),
      undefined,
      { polling: 'raf' },
    )
  ).jsonValue();

/** Marks the canvas element now drawn, so that `sameCanvas` can tell whether the page replaced it since. */
export const tagCanvas = (page: Page): Promise<void> =>
  page.evaluate((canvas) => {
    (globalThis as unknown as PageWindow).document.querySelector(canvas)?.setAttribute('data-bench-tag', '1');
  }, CANVAS);

/** Whether the canvas drawn now is the one tagCanvas marked (false: it was unmounted and mounted again). */
export const sameCanvas = (page: Page): Promise<boolean> =>
  page.evaluate(
    (canvas) =>
      (globalThis as unknown as PageWindow).document.querySelector(canvas)?.getAttribute('data-bench-tag') === '1',
    CANVAS,
  );

/** How many nodes the canvas draws now. */
export const drawnNodes = (page: Page): Promise<number> =>
  page.evaluate(
    (canvas) =>
      Number((globalThis as unknown as PageWindow).document.querySelector(canvas)?.getAttribute('data-nodes') ?? NaN),
    CANVAS,
  );

/**
 * Page time at the first animation frame where the canvas is ready with another node count than `before`
 * and a mark 'topology:interactive' later than `since` exists (the new data's first frame drawn), and
 * `selected` (if given) is the inspector's title.
 */
export const nextFrameAt = async (page: Page, since: number, before: number, selected?: string): Promise<number> =>
  (
    await page.waitForFunction(
      ({ canvas, since, before, selected }) => {
        const doc = (globalThis as unknown as PageWindow).document;
        const element = doc.querySelector(canvas);
        if (element?.getAttribute('data-state') !== 'ready') return 0;
        if (Number(element.getAttribute('data-nodes')) === before) return 0;
        if (!performance.getEntriesByName('topology:interactive', 'mark').some((m) => m.startTime > since)) return 0;
        if (selected !== undefined) {
          const title = doc.querySelector('section.inspector h2')?.textContent ?? '';
          if (!title.startsWith(`${selected} `)) return 0;
        }
        return performance.now();
      },
      { canvas: CANVAS, since, before, selected },
      { polling: 'raf' },
    )
  ).jsonValue();
