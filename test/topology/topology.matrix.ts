import type { MatrixRow, World } from '../support/access-matrix';
import { expectOk } from '../support/http';

const positions = { 'node-a': { x: 1, y: 2 } };

/** The query of a path between two hosts of a network of the world, its hosts made once per network. */
const pathQueries = new Map<string, Promise<string>>();
const pathQuery = (network: 'n1' | 'n2') => (w: World) => {
  const id = w[network];
  if (!pathQueries.has(id)) {
    const add = async (): Promise<string> =>
      expectOk(await w.http.as(w.credentials.owner).post('/api/v1/hosts', { network_id: id, name: 'path end' }), 201).id;
    pathQueries.set(id, Promise.all([add(), add()]).then(([from, to]) => `network_id=${id}&from=${from}&to=${to}`));
  }
  return pathQueries.get(id)!;
};

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const topologyRows: MatrixRow[] = [
  { route: 'GET /api/v1/topology',                 expect: '200 200 200 200 200  403  403  402  401  404', variant: 'n1',
    query: (w) => `network_id=${w.n1}&view=L2Physical` },
  { route: 'GET /api/v1/topology',                 expect: '200 200 404 404 404  403  403  402  401  404', variant: 'n2',
    query: (w) => `network_id=${w.n2}&view=Application` },
  { route: 'GET /api/v1/topology/find',            expect: '200 200 200 200 200  403  403  402  401  404', variant: 'n1',
    query: (w) => `network_id=${w.n1}&view=L2Physical&q=sw` },
  { route: 'GET /api/v1/topology/find',            expect: '200 200 404 404 404  403  403  402  401  404', variant: 'n2',
    query: (w) => `network_id=${w.n2}&view=L3Logical&q=10.` },
  { route: 'GET /api/v1/topology/path',            expect: '200 200 200 200 200  403  403  402  401  404', variant: 'n1',
    query: pathQuery('n1') },
  { route: 'GET /api/v1/topology/path',            expect: '200 200 404 404 404  403  403  402  401  404', variant: 'n2',
    query: pathQuery('n2') },
  { route: 'PUT /api/v1/topology/positions',       expect: '200 200 200 403 200  403  403  402  401  404', variant: 'n1',
    body: (w) => ({ network_id: w.n1, view: 'L2Physical', positions }) },
  { route: 'PUT /api/v1/topology/positions',       expect: '200 200 404 403 404  403  403  402  401  404', variant: 'n2',
    body: (w) => ({ network_id: w.n2, view: 'L3Logical', positions }) },
  { route: 'DELETE /api/v1/topology/positions',    expect: '200 200 200 403 200  403  403  402  401  404', variant: 'n1',
    query: (w) => `network_id=${w.n1}&view=L2Physical` },
  { route: 'DELETE /api/v1/topology/positions',    expect: '200 200 404 403 404  403  403  402  401  404', variant: 'n2',
    query: (w) => `network_id=${w.n2}&view=L3Logical` },
];
