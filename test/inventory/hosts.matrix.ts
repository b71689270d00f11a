import type { MatrixRow, World } from '../support/access-matrix';
import { expectOk } from '../support/http';

const hostOn = async (w: World, network: 'n1' | 'n2') =>
  ({ id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/hosts', { network_id: w[network], name: 'matrix host' }), 201).id as string });
const onN1 = (w: World) => hostOn(w, 'n1');
const onN2 = (w: World) => hostOn(w, 'n2');
const body = (network: 'n1' | 'n2') => (w: World) => ({ network_id: w[network], name: 'renamed host' });

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const hostRows: MatrixRow[] = [
  { route: 'GET /api/v1/hosts',                    expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'POST /api/v1/hosts',                   expect: '201 201 201 403 201  403  403  402  401  404', body: body('n1') },
  { route: 'GET /api/v1/hosts/{id}',               expect: '200 200 200 200 200  403  403  402  401  404', params: onN1, variant: 'n1' },
  { route: 'GET /api/v1/hosts/{id}',               expect: '200 200 404 404 404  403  403  402  401  404', params: onN2, variant: 'n2' },
  { route: 'GET /api/v1/hosts/{id}/history',       expect: '200 200 200 200 200  403  403  402  401  404', params: onN1, variant: 'n1' },
  { route: 'GET /api/v1/hosts/{id}/history',       expect: '200 200 404 404 404  403  403  402  401  404', params: onN2, variant: 'n2' },
  { route: 'PUT /api/v1/hosts/{id}',               expect: '200 200 200 403 200  403  403  402  401  404', params: onN1, body: body('n1'), variant: 'n1' },
  { route: 'PUT /api/v1/hosts/{id}',               expect: '200 200 404 403 404  403  403  402  401  404', params: onN2, body: body('n2'), variant: 'n2' },
  { route: 'DELETE /api/v1/hosts/{id}',            expect: '200 200 200 403 200  403  403  402  401  404', params: onN1, variant: 'n1' },
  { route: 'DELETE /api/v1/hosts/{id}',            expect: '200 200 404 403 404  403  403  402  401  404', params: onN2, variant: 'n2' },
];

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const observationRows: MatrixRow[] = [
  { route: 'POST /api/v1/discovery/observations',  expect: '200 200 200 403 200  403  403  402  401  404',
    body: (w) => ({ network_id: w.n1, observed_at: new Date().toISOString(), hosts: [] }) },
];
