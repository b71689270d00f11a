// The layering of docs/architecture.md ("Rules that hold by themselves"), checked by `npm run lint`.
const FRAMEWORK = 'node_modules/(@nestjs|typeorm|pg|pg-[^/]+|fastify|@fastify|class-validator|class-transformer)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-plain',
      comment: 'A domain imports no framework, and no application, infrastructure or api of any module.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/domain/' },
      to: { path: [FRAMEWORK, '^src/modules/[^/]+/(application|infrastructure|api)/'] },
    },
    {
      name: 'application-uses-ports',
      comment:
        'An application imports no infrastructure or api: it depends on ports in domain/, bound in the module file.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/application/' },
      to: { path: '^src/modules/[^/]+/(infrastructure|api)/' },
    },
    {
      name: 'module-public-surface',
      comment: 'Another module is reached only through its index.ts, what it exports on purpose.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'common-knows-no-module',
      comment: 'src/common is cross-cutting: it imports nothing from src/modules.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles that exist at run time (a cycle closed by `import type` only is erased by tsc).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'web-and-server-apart',
      comment: 'The web UI and the server share only the generated client (client/); web/e2e starts the server.',
      severity: 'error',
      from: { path: '^web/', pathNot: '^web/e2e/' },
      to: { path: '^src/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(web|client)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^web/dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
