/**
 * Operations whose success body the OpenAPI document does not type yet: the shared HTTP client checks
 * their errors but not their data. This list only shrinks; type a route with ApiOk and remove it here.
 */
export const UNTYPED_OPERATIONS: ReadonlySet<string> = new Set([
  'Topology_getTopology',
  'PublicShares_getSharedTopology',
  'Runs_runEvents',
]);
