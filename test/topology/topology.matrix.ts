import type { MatrixRow } from '../support/access-matrix';

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const topologyRows: MatrixRow[] = [
  { route: 'GET /api/v1/topology',                 expect: '200 200 200 200 200  403  403  402  401  404', variant: 'n1',
    query: (w) => `network_id=${w.n1}&view=L2Physical` },
  { route: 'GET /api/v1/topology',                 expect: '200 200 404 404 404  403  403  402  401  404', variant: 'n2',
    query: (w) => `network_id=${w.n2}&view=Application` },
];
