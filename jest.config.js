/** Unit tests sit beside the code (*.spec.ts); HTTP tests live in test/ (*.e2e-spec.ts). */
// Transpile only (tsconfig's isolatedModules): `npm run build` and `npm run lint` do the type checking.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.spec.json', diagnostics: false }];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Unit and HTTP tests, and the browser tests of the web UI (web/e2e); web/src has vitest's *.test.tsx.
  testMatch: ['<rootDir>/{src,test}/**/*.{spec,e2e-spec}.ts', '<rootDir>/web/e2e/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30_000,
  maxWorkers: 2,
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};
