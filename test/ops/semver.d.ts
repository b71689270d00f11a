// semver is installed with fastify and jest; no @types/semver: the one function test/ops/runtime uses.
declare module 'semver' {
  export function satisfies(version: string, range: string): boolean;
}
