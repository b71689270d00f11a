import type { MatrixRow, World } from '../support/access-matrix';
import { expectOk } from '../support/http';

const freshShare = async (w: World) => ({
  id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/shares', { network_id: w.n1, name: 'matrix share' }), 201).id as string,
});
const body = (w: World) => ({ network_id: w.n1, name: 'matrix share' });

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const sharingRows: MatrixRow[] = [
  { route: 'GET /api/v1/shares',                   expect: '200 200 200 403 200  403  403  402  401  200' },
  { route: 'POST /api/v1/shares',                  expect: '201 201 201 403 201  403  403  402  401  404', body },
  { route: 'GET /api/v1/shares/{id}',              expect: '200 200 200 403 200  403  403  402  401  404', params: freshShare },
  { route: 'PUT /api/v1/shares/{id}',              expect: '200 200 200 403 200  403  403  402  401  404', params: freshShare, body },
  { route: 'DELETE /api/v1/shares/{id}',           expect: '200 200 200 403 200  403  403  402  401  404', params: freshShare },
  { route: 'GET /api/v1/shares/public/{id}',       expect: '200 200 200 200 200  200  200  200  200  200', params: freshShare },
  { route: 'POST /api/v1/shares/public/{id}/verify', expect: '200 200 200 200 200  200  200  200  200  200', params: freshShare,
    body: () => ({ password: '' }) },
  { route: 'POST /api/v1/shares/public/{id}/topology', expect: '200 200 200 200 200  200  200  200  200  200', params: freshShare,
    body: () => ({ view: 'L3Logical' }) },
];
