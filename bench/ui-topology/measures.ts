import type { Browser, Page } from 'playwright-core';
import {
  CANVAS,
  drawnNodes,
  firstFrameMs,
  heapMb,
  hostsTableMs,
  nextFrameAt,
  open,
  sameCanvas,
  tagCanvas,
  type PageWindow,
} from './browser';

/** Where the pages are and who opens them. */
export interface Target {
  browser: Browser;
  baseUrl: string;
  cookie: string;
}

const l2 = (networkId: string, extra = '') => `/topology?network_id=${networkId}&view=L2Physical${extra}`;

/** A fresh load of `path`: `ready` answers ms since navigation start; then the heap. */
async function load(t: Target, path: string, ready: (page: Page) => Promise<number>) {
  const { page, cdp, close } = await open(t.browser, t.baseUrl, t.cookie, path);
  try {
    const ms = await ready(page);
    return { ms, heapMb: await heapMb(cdp) };
  } finally {
    await close();
  }
}

/** 1. Navigation start to the first settled frame of L2Physical, and the JS heap then. */
export const firstFrame = (t: Target, networkId: string) => load(t, l2(networkId), firstFrameMs);

/** 1. The baseline: the hosts page of the same network, to its table's first row. */
export const hostsPage = (t: Target, networkId: string) => load(t, `/hosts?network=${networkId}`, hostsTableMs);

/** Opens `path`, waits for its first frame, runs `work` on the page. */
async function onFirstFrame<T>(t: Target, path: string, work: (page: Page) => Promise<T>): Promise<T> {
  const { page, close } = await open(t.browser, t.baseUrl, t.cookie, path);
  try {
    await firstFrameMs(page);
    return await work(page);
  } finally {
    await close();
  }
}

/**
 * 2. A group selected by URL (node=<group>), "Expand" clicked in its inspector: page time from the click
 * to the first frame of the answer with the group open (fetch, layout, draw).
 */
export const expandGroup = (t: Target, networkId: string, groupId: string) =>
  onFirstFrame(t, l2(networkId, `&node=${encodeURIComponent(groupId)}`), async (page) => {
    const expand = page.locator('section.inspector').getByRole('button', { name: 'Expand' });
    await expand.waitFor();
    const before = await drawnNodes(page);
    await tagCanvas(page);
    const clickedAt = await page.evaluate(() => {
      const at = performance.now();
      const doc = (globalThis as unknown as PageWindow).document;
      for (const button of Array.from(doc.querySelectorAll('section.inspector button')))
        if (button.textContent === 'Expand') button.click();
      return at;
    });
    const nodes = () => drawnNodes(page);
    const ms = (await nextFrameAt(page, clickedAt, before)) - clickedAt;
    return { ms, nodesBefore: before, nodesAfter: await nodes(), remounted: (await sameCanvas(page)) ? 0 : 1 };
  });

/**
 * 3. Find: the name of a host inside a closed group put in the box at once (one input event); page time
 * from that event to the option "in a closed group" (the box waits 250 ms after typing stops, then asks
 * GET /topology/find), then from picking it to the frame where it is drawn and its inspector shows.
 */
export const findHidden = (t: Target, networkId: string, name: string) =>
  onFirstFrame(t, l2(networkId), async (page) => {
    const before = await drawnNodes(page);
    await tagCanvas(page);
    await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      w.document.addEventListener('input', () => (w.benchTypedAt = performance.now()), { capture: true, once: true });
    });
    await page.getByRole('combobox', { name: 'Find a node' }).fill(name);
    const optionAt = await (
      await page.waitForFunction(
        (name) => {
          const options = Array.from(
            (globalThis as unknown as PageWindow).document.querySelectorAll('[role="option"]'),
          );
          const hit = options.some(
            (o) => (o.textContent ?? '').includes(name) && (o.textContent ?? '').includes('in a closed group'),
          );
          return hit ? performance.now() : 0;
        },
        name,
        { polling: 'raf' },
      )
    ).jsonValue();
    const typedAt = await page.evaluate(() => (globalThis as unknown as PageWindow).benchTypedAt ?? NaN);
    const pickedAt = await page.evaluate((name) => {
      const w = globalThis as unknown as PageWindow;
      const option = Array.from(w.document.querySelectorAll('[role="option"]')).find((o) =>
        (o.textContent ?? '').includes(name),
      )!;
      const at = performance.now();
      option.dispatchEvent(new w.MouseEvent('mousedown', { bubbles: true, cancelable: true }));
      return at;
    }, name);
    const shownAt = await nextFrameAt(page, pickedAt, before, name);
    const remounted = (await sameCanvas(page)) ? 0 : 1;
    return { optionMs: optionAt - typedAt, revealMs: shownAt - pickedAt, totalMs: shownAt - typedAt, remounted };
  });

/** The point of the canvas's middle half farthest from any drawn node (the canvas tells where they are). */
const clearPoint = (page: Page) =>
  page.evaluate((canvas) => {
    const element = (globalThis as unknown as PageWindow).document.querySelector(canvas) as unknown as {
      nodeScreenPositions(): Record<string, { x: number; y: number }>;
      getBoundingClientRect(): { left: number; top: number; width: number; height: number };
    };
    const nodes = Object.values(element.nodeScreenPositions());
    const box = element.getBoundingClientRect();
    let best = { x: box.left + box.width / 2, y: box.top + box.height / 2, d: -1 };
    for (let i = 1; i < 20; i++)
      for (let j = 1; j < 20; j++) {
        const x = box.left + box.width * (0.25 + i / 40);
        const y = box.top + box.height * (0.25 + j / 40);
        const d = Math.min(Infinity, ...nodes.map((n) => Math.hypot(n.x - x, n.y - y)));
        if (d > best.d) best = { x, y, d };
      }
    return best;
  }, CANVAS);

/**
 * 4. Long tasks (PerformanceObserver 'longtask', over 50 ms by definition) while the first frame is zoomed
 * and panned: 6 wheel steps in, 4 drags of 240 px in 12 moves each, 6 wheel steps out, 80 ms apart, then
 * 500 ms for what they set off.
 */
export const panAndZoom = (t: Target, networkId: string) =>
  onFirstFrame(t, l2(networkId), async (page) => {
    const { x, y } = await clearPoint(page);
    await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      w.benchLongTasks = [];
      const observer = new w.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.benchLongTasks!.push(entry.duration);
      });
      observer.observe({ type: 'longtask' });
      w.benchObserver = observer;
    });
    const started = Date.now();
    await page.mouse.move(x, y);
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, -240);
      await page.waitForTimeout(80);
    }
    for (const [dx, dy] of [
      [240, 0],
      [0, 240],
      [-240, 0],
      [0, -240],
    ]) {
      // From a point clear of every node: a drag that starts on a node moves the node, not the camera.
      const from = await clearPoint(page);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + dx, from.y + dy, { steps: 12 });
      await page.mouse.up();
      await page.waitForTimeout(80);
    }
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, 240);
      await page.waitForTimeout(80);
    }
    await page.waitForTimeout(500);
    const sequenceMs = Date.now() - started;
    const tasks = await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      w.benchObserver!.disconnect();
      return w.benchLongTasks!;
    });
    return { count: tasks.length, longestMs: tasks.length ? Math.max(...tasks) : 0, sequenceMs };
  });
