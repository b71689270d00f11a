import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { builtWebUiRoot } from '../../../src/common/http/web-ui';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../test/support/test-app';
import { HttpClient } from '../../../test/support/http';
import { launchBrowser } from './browser';

export interface UiApp {
  t: TestApp;
  http: HttpClient;
  browser: Browser;
  /** http://127.0.0.1:<port> of the listening app. */
  baseUrl: string;
}

/**
 * One listening app (its own database) and one Chromium per test file, as useTestApp does for HTTP
 * tests; each test takes a fresh browser context and a fresh organization.
 */
export function useUiApp(options: TestAppOptions & { listenOn?: () => string; port?: () => number } = {}): UiApp {
  const ctx = {} as UiApp;
  beforeAll(async () => {
    const webRoot = process.env.WEB_ROOT ?? builtWebUiRoot();
    if (!existsSync(join(webRoot, 'index.html')))
      throw new Error(`${webRoot} has no built UI: run "npm run build" (npm test does)`);
    ctx.t = await createTestApp({ ...options, env: { WEB_ROOT: webRoot, ...options.env } });
    ctx.http = new HttpClient(ctx.t.app);
    await ctx.t.app.listen({ port: options.port?.() ?? 0, host: options.listenOn?.() ?? '127.0.0.1' });
    ctx.baseUrl = await ctx.t.app.getUrl();
    ctx.browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.t?.close();
  });
  return ctx;
}
