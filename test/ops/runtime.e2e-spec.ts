import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { satisfies } from 'semver';

/**
 * CI runs on two runtimes (.ci/run): the unit tier on this machine's Node 20 (package.json's lowest, 20.19) and the
 * whole suite on the pinned Node 24 LTS production runs. Everything `npm ci` installs must accept both, and one install must load on
 * both: every native addon N-API, whose ABI does not change between Node versions (docs/runtime.md).
 */
const ROOT = join(__dirname, '../..');
const NODE_24 = /^NODE_24_VERSION=(\S+)$/m.exec(readFileSync(join(ROOT, '.ci/run'), 'utf8'))?.[1] ?? 'unpinned';
const RUNTIMES = ['20.19.0', NODE_24];

interface LockedPackage {
  version: string;
  engines?: { node?: string };
}
const lockfile = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };

describe('supported Node runtimes', () => {
  it('CI pins one Node 24 release', () => {
    expect(NODE_24).toMatch(/^24\.\d+\.\d+$/);
  });

  it("package.json's engines accept both runtimes and the one running this test", () => {
    const refused = [...RUNTIMES, process.versions.node].filter((v) => !satisfies(v, manifest.engines.node));
    expect(refused).toEqual([]);
  });

  it('every package in the lockfile accepts both runtimes', () => {
    const refusing = Object.entries(lockfile.packages).flatMap(([path, { version, engines }]) =>
      RUNTIMES.filter((runtime) => engines?.node && !satisfies(runtime, engines.node)).map(
        (runtime) => `${path || 'netatlas'}@${version} wants node ${engines?.node}, not ${runtime}`,
      ),
    );
    expect(refusing).toEqual([]);
  });

  it('every native addon installed is N-API, so one npm ci serves both runtimes', () => {
    const addons = readdirSync(join(ROOT, 'node_modules'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.node'),
    );
    const notNapi = addons.filter(
      (file) => !readFileSync(join(ROOT, 'node_modules', file)).includes('napi_register_module_v1'),
    );
    expect(addons).toEqual(expect.arrayContaining([expect.stringContaining('argon2')]));
    expect(notNapi).toEqual([]);
  });
});
