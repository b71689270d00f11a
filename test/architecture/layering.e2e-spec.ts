import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The layering rules of `npm run lint` (.dependency-cruiser.cjs) fire on a small tree that breaks each. */
const ROOT = join(__dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');

const BROKEN: Record<string, string> = {
  'tsconfig.json': '{}',
  'src/common/uses-a-module.ts': "export { a } from '../modules/a/domain/a';",
  'src/modules/a/domain/a.ts': "import { service } from '../application/service';\nexport const a = service;",
  'src/modules/a/application/service.ts':
    "import { store } from '../infrastructure/store';\nexport const service = store;",
  'src/modules/a/infrastructure/store.ts':
    "import { secret } from '../../b/application/secret';\nexport const store = secret;",
  'src/modules/a/index.ts': "export { a } from './domain/a';",
  'src/modules/b/application/secret.ts': "import { a } from '../../a';\nexport const secret = () => a;",
};

describe('layering rules (npm run lint)', () => {
  let report: string;

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'layering-'));
    for (const [file, text] of Object.entries(BROKEN)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const run = spawnSync(DEPCRUISE, ['src', '--config', CONFIG], { cwd: dir, encoding: 'utf8' });
    report = run.stdout + run.stderr;
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['common-knows-no-module', 'src/common/uses-a-module.ts → src/modules/a/domain/a.ts'],
    ['domain-is-plain', 'src/modules/a/domain/a.ts → src/modules/a/application/service.ts'],
    ['application-uses-ports', 'src/modules/a/application/service.ts → src/modules/a/infrastructure/store.ts'],
    ['module-public-surface', 'src/modules/a/infrastructure/store.ts → src/modules/b/application/secret.ts'],
  ])('%s fires on %s', (rule, edge) => {
    expect(report).toContain(`error ${rule}: ${edge}`);
  });

  it('no-circular fires on a cycle, and the public surface itself is allowed', () => {
    expect(report).toContain('error no-circular:');
    expect(report).not.toContain('module-public-surface: src/modules/b/application/secret.ts → src/modules/a/index.ts');
  });
});
