import type { MatrixRow } from '../support/access-matrix';

const positions = { 'node-a': { x: 1, y: 2 } };

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const topologyRows: MatrixRow[] = [
  { route: 'GET /api/v1/topology',                 expect: '200 200 200 200 200  403  403  402  401  404', variant: 'n1',
    query: (w) => `network_id=${w.n1}&view=L2Physical` },
  { route: 'GET /api/v1/topology',                 expect: '200 200 404 404 404  403  403  402  401  404', variant: 'n2',
    query: (w) => `network_id=${w.n2}&view=Application` },
  { route: 'PUT /api/v1/topology/positions',       expect: '200 200 200 403 200  403  403  402  401  404', variant: 'n1',
    body: (w) => ({ network_id: w.n1, view: 'L2Physical', positions }) },
  { route: 'PUT /api/v1/topology/positions',       expect: '200 200 404 403 404  403  403  402  401  404', variant: 'n2',
    body: (w) => ({ network_id: w.n2, view: 'L3Logical', positions }) },
  { route: 'DELETE /api/v1/topology/positions',    expect: '200 200 200 403 200  403  403  402  401  404', variant: 'n1',
    query: (w) => `network_id=${w.n1}&view=L2Physical` },
  { route: 'DELETE /api/v1/topology/positions',    expect: '200 200 404 403 404  403  403  402  401  404', variant: 'n2',
    query: (w) => `network_id=${w.n2}&view=L3Logical` },
];
