import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

jest.setTimeout(60_000);

const SCRIPT = join(__dirname, '../../scripts/build-if-stale.mjs');

/** A project tree whose `npm run build` writes the outputs and counts its runs (fails while FAIL exists). */
function fakeProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'netatlas-build-if-stale-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  mkdirSync(join(root, 'scripts'));
  copyFileSync(SCRIPT, join(root, 'scripts/build-if-stale.mjs'));
  write('package.json', JSON.stringify({ name: 'fake', private: true, scripts: { build: 'node build.js' } }));
  write('src/main.ts', 'export const answer = 42;\n');
  write('web/src/main.tsx', 'export {};\n');
  write(
    'build.js',
    `const fs = require('node:fs');
if (fs.existsSync('FAIL')) process.exit(3);
fs.appendFileSync('builds.log', 'built\\n');
for (const file of ['dist/src/main.js', 'dist/src/worker.js', 'dist/src/migrate.js', 'dist/scripts/seed.js', 'web/dist/index.html']) {
  fs.mkdirSync(require('node:path').dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
}`,
  );
  return root;
}

function buildIfStale(root: string): { status: number | null; line: string; builds: number } {
  const run = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, encoding: 'utf8' });
  const line = run.stdout.split('\n').find((l) => l.startsWith('build: ')) ?? `no build line in: ${run.stdout}`;
  const log = join(root, 'builds.log');
  return { status: run.status, line, builds: existsSync(log) ? readFileSync(log, 'utf8').split('\n').length - 1 : 0 };
}

describe('scripts/build-if-stale.mjs (npm start)', () => {
  let root: string;
  beforeEach(() => (root = fakeProject()));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds the first time, then skips while no input changed', () => {
    expect(buildIfStale(root)).toMatchObject({
      status: 0,
      builds: 1,
      line: expect.stringMatching(/^build: building, .*missing/),
    });
    expect(buildIfStale(root)).toEqual({
      status: 0,
      builds: 1,
      line: expect.stringMatching(/^build: skipped, the last build is current \(\d+ inputs unchanged\)$/),
    });
  });

  it('builds again when a source changes, is added or removed, naming it', () => {
    buildIfStale(root);
    writeFileSync(join(root, 'src/main.ts'), 'export const answer = 43;\n');
    expect(buildIfStale(root)).toEqual({
      status: 0,
      builds: 2,
      line: 'build: building, 1 changed since the last build: src/main.ts',
    });
    writeFileSync(join(root, 'web/src/extra.tsx'), 'export {};\n');
    expect(buildIfStale(root).line).toBe('build: building, 1 changed since the last build: web/src/extra.tsx');
    rmSync(join(root, 'web/src/extra.tsx'));
    expect(buildIfStale(root).line).toBe('build: building, 1 changed since the last build: web/src/extra.tsx');
    expect(buildIfStale(root)).toMatchObject({ builds: 4, line: expect.stringMatching(/^build: skipped/) });
  });

  it('builds again when an output is missing', () => {
    buildIfStale(root);
    rmSync(join(root, 'web/dist/index.html'));
    expect(buildIfStale(root)).toEqual({ status: 0, builds: 2, line: 'build: building, web/dist/index.html missing' });
  });

  it('passes a failed build on, and builds again next time', () => {
    buildIfStale(root);
    writeFileSync(join(root, 'src/main.ts'), 'broken');
    writeFileSync(join(root, 'FAIL'), '');
    expect(buildIfStale(root)).toMatchObject({ status: 3, builds: 1 });
    rmSync(join(root, 'FAIL'));
    expect(buildIfStale(root)).toEqual({
      status: 0,
      builds: 2,
      line: 'build: building, 1 changed since the last build: src/main.ts',
    });
  });
});
