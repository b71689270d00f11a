/**
 * Two projects: `unit` (beside the code, *.spec.ts; no database, seconds) and `http` (HTTP, browser, fault
 * and fuzz tests: test/ and web/e2e, *.e2e-spec.ts, on real PostgreSQL set up once per run).
 * `npm run test:unit` and `npm run test:http` run one each; web/src has vitest's *.test.tsx.
 */
// Transpile only (tsconfig's isolatedModules): `npm run build` and `npm run lint` do the type checking.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.spec.json', diagnostics: false }];

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  moduleFileExtensions: ['ts', 'js', 'json'],
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};

module.exports = {
  testTimeout: 30_000,
  maxWorkers: 2,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/support/*.spec.ts'] },
    {
      ...common,
      displayName: 'http',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts', '<rootDir>/web/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
