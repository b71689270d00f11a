/* global console, process, URL */
// `npm start` (and worker, seed, migrate) run this first: `npm run build` only when an input of the build
// changed since the last successful build, or an output is missing. Plain Node: it runs before anything is
// compiled. Inputs are compared by content (SHA-256), not size and mtime: a checkout, `git stash pop` or an
// unpacked archive can change a file and keep its size and mtime, and hashing every input takes tens of ms.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Everything `npm run build` reads (nest build, openapi-typescript, tsc and vite for web/). */
const INPUTS = [
  'src',
  'migrations',
  'scripts',
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'client/openapi.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
];
/** What the npm scripts run; client/schema.d.ts is written by the build too, from client/openapi.json. */
const OUTPUTS = [
  'dist/src/main.js',
  'dist/src/worker.js',
  'dist/src/migrate.js',
  'dist/scripts/seed.js',
  'web/dist/index.html',
];
/** Inside dist/, which nest build empties first: a build that fails leaves no stamp behind. */
const STAMP = 'dist/.build-inputs.json';

function filesUnder(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(`${path}/${entry.name}`));
}

function fingerprint() {
  const hashes = {};
  for (const file of INPUTS.flatMap(filesUnder)) {
    hashes[file] = createHash('sha256')
      .update(readFileSync(join(root, file)))
      .digest('hex');
  }
  return hashes;
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(join(root, STAMP), 'utf8'));
  } catch {
    return undefined;
  }
}

function listed(files) {
  const shown = files.slice(0, 3).join(', ');
  return files.length > 3 ? `${shown} and ${files.length - 3} more` : shown;
}

/** Why a build is needed, or undefined when the last build is still current. */
function staleness(current, stamp) {
  const missing = OUTPUTS.filter((output) => !existsSync(join(root, output)));
  if (missing.length > 0) return `${listed(missing)} missing`;
  if (!stamp) return 'no record of a previous build';
  const paths = new Set([...Object.keys(current), ...Object.keys(stamp)]);
  const changed = [...paths].filter((path) => current[path] !== stamp[path]).sort();
  if (changed.length > 0) return `${changed.length} changed since the last build: ${listed(changed)}`;
  return undefined;
}

const current = fingerprint();
const reason = staleness(current, readStamp());
if (reason === undefined) {
  console.log(`build: skipped, the last build is current (${Object.keys(current).length} inputs unchanged)`);
} else {
  console.log(`build: building, ${reason}`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The fingerprint taken before the build: an input edited during the build makes the next start build again.
  writeFileSync(join(root, STAMP), JSON.stringify(current));
}
