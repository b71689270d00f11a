import { defineConfig } from 'vitest/config';

/** The web UI: built into web/dist, which the API server serves at / (src/common/http/web-ui.ts). */
export default defineConfig({
  root: import.meta.dirname,
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The CSP allows no inline script; the polyfill would be one.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // React libraries mark files "use client" for server components; a single-page app has none.
      onLog(level, log, handler) {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Two shared cores while the browser tests run: room for a slow jsdom start.
    testTimeout: 20_000,
  },
});
