import { randomUUID } from 'node:crypto';
import type { MatrixRow, World } from '../support/access-matrix';
import { expectOk } from '../support/http';

type Net = 'n1' | 'n2';

/** A credential body built from the world: always organization A's id, so otherOrg sends a foreign organization_id. */
const body = (network: Net) => (w: World) => ({
  name: `matrix credential ${randomUUID()}`,
  organization_id: w.orgA.id,
  credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: `matrix-${randomUUID()}` } },
  assigned_network_ids: [w[network]],
  host_assignments: [],
  tags: [],
});
/** A fresh credential, created by the Owner, assigned to one network. */
const credentialOn = (network: Net) => async (w: World) => ({
  id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/credentials', body(network)(w)), 201).id as string,
});

// POST: otherOrg's body carries organization A's id and networks (400, not 404: a body field, not a path).
// GET/PUT/DELETE {id}: a credential that touches n2 is missing (404) for whoever may not access n2.
//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const credentialRows: MatrixRow[] = [
  { route: 'GET /api/v1/credentials',              expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'POST /api/v1/credentials',             expect: '201 201 201 403 201  403  403  402  401  400', body: body('n1'), variant: 'n1' },
  { route: 'POST /api/v1/credentials',             expect: '201 201 400 403 400  403  403  402  401  400', body: body('n2'), variant: 'n2' },
  { route: 'GET /api/v1/credentials/{id}',         expect: '200 200 200 200 200  403  403  402  401  404', params: credentialOn('n1'), variant: 'n1' },
  { route: 'GET /api/v1/credentials/{id}',         expect: '200 200 404 404 404  403  403  402  401  404', params: credentialOn('n2'), variant: 'n2' },
  { route: 'PUT /api/v1/credentials/{id}',         expect: '200 200 200 403 200  403  403  402  401  404', params: credentialOn('n1'), body: body('n1'), variant: 'n1' },
  { route: 'PUT /api/v1/credentials/{id}',         expect: '200 200 404 403 404  403  403  402  401  404', params: credentialOn('n2'), body: body('n2'), variant: 'n2' },
  { route: 'DELETE /api/v1/credentials/{id}',      expect: '200 200 200 403 200  403  403  402  401  404', params: credentialOn('n1'), variant: 'n1' },
  { route: 'DELETE /api/v1/credentials/{id}',      expect: '200 200 404 403 404  403  403  402  401  404', params: credentialOn('n2'), variant: 'n2' },
];
