import type { MatrixRow, World } from '../support/access-matrix';
import { addNetwork, addUser } from '../support/tenants';
import { PASSWORD, uniqueEmail } from '../support/tenants';

const freshViewer = async (w: World) => ({ id: (await addUser(w.http, w.credentials.owner, 'Viewer')).id });
const freshNetwork = async (w: World) => ({ id: await addNetwork(w.http, w.credentials.owner) });
// Each organization keeps its own plan, so the row itself changes nothing the other rows rely on.
const currentPlan = (_w: World, actor: string) => ({ type: actor === 'otherOrg' ? 'Free' : 'Community' });

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const tenancyRows: MatrixRow[] = [
  { route: 'GET /api/v1/organizations',            expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'PUT /api/v1/organizations/plan',       expect: '200 403 403 403 403  403  403  402  401  200', body: currentPlan },
  { route: 'POST /api/v1/organizations/referral-source',
                                                   expect: '200 200 200 200 401  401  401  401  401  200',
    body: () => ({ referral_source: 'colleague' }) },
  { route: 'POST /api/v1/organizations/profile',   expect: '200 200 200 200 401  401  401  401  401  200' },
  { route: 'GET /api/v1/users',                    expect: '200 200 403 403 401  401  401  401  401  200' },
  { route: 'POST /api/v1/users',                   expect: '201 201 403 403 401  401  401  401  401  201',
    body: () => ({ email: uniqueEmail(), name: 'New', role: 'Viewer', password: PASSWORD }) },
  { route: 'GET /api/v1/users/{id}',               expect: '200 200 403 403 401  401  401  401  401  404',
    params: (w) => ({ id: w.users.member.id }) },
  { route: 'PUT /api/v1/users/{id}',               expect: '200 200 403 403 401  401  401  401  401  404', params: freshViewer,
    body: () => ({ name: 'Renamed' }) },
  { route: 'DELETE /api/v1/users/{id}',            expect: '200 200 403 403 401  401  401  401  401  404', params: freshViewer },
  { route: 'GET /api/v1/networks',                 expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'POST /api/v1/networks',                expect: '201 201 403 403 201  403  403  402  401  201',
    body: () => ({ name: `matrix ${Math.random()}` }) },
  { route: 'GET /api/v1/networks/{id}',            expect: '200 200 200 200 200  403  403  402  401  404', variant: 'granted network n1',
    params: (w) => ({ id: w.n1 }) },
  { route: 'GET /api/v1/networks/{id}',            expect: '200 200 404 404 404  403  403  402  401  404', variant: 'ungranted network n2',
    params: (w) => ({ id: w.n2 }) },
  { route: 'PUT /api/v1/networks/{id}',            expect: '200 200 403 403 404  403  403  402  401  404', params: freshNetwork,
    body: () => ({ name: `renamed ${Math.random()}` }) },
  { route: 'DELETE /api/v1/networks/{id}',         expect: '200 200 403 403 404  403  403  402  401  404', params: freshNetwork },
];
