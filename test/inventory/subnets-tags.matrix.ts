import { randomUUID } from 'node:crypto';
import type { MatrixRow, World } from '../support/access-matrix';
import { expectOk } from '../support/http';

// Every cell writes a cidr of its own (10.x.y.0/24), so no write meets the 409 of a live duplicate in n1.
let cidrs = 0;
const freshCidr = () => {
  cidrs += 1;
  return `10.${200 + (cidrs >> 8)}.${cidrs & 255}.0/24`;
};
/** A new subnet of organization A on n1 (the network the Member, the Viewer and the scoped key are granted). */
const freshSubnet = async (w: World) => ({
  id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/subnets', { network_id: w.n1, cidr: freshCidr() }), 201)
    .id as string,
});
const freshTag = async (w: World) => ({
  id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/tags', { name: `tag ${randomUUID()}` }), 201).id as string,
});
const subnetOnN1 = (w: World) => ({ network_id: w.n1, cidr: freshCidr(), name: 'matrix' });
const tagBody = () => ({ name: `tag ${randomUUID()}`, color: 'Teal' });

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const subnetTagRows: MatrixRow[] = [
  { route: 'GET /api/v1/subnets',                  expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'POST /api/v1/subnets',                 expect: '201 201 201 403 201  403  403  402  401  404', body: subnetOnN1 },
  { route: 'GET /api/v1/subnets/{id}',             expect: '200 200 200 200 200  403  403  402  401  404', params: freshSubnet },
  { route: 'GET /api/v1/subnets/{id}/history',     expect: '200 200 200 200 200  403  403  402  401  404', params: freshSubnet },
  { route: 'PUT /api/v1/subnets/{id}',             expect: '200 200 200 403 200  403  403  402  401  404', params: freshSubnet,
    body: subnetOnN1 },
  { route: 'DELETE /api/v1/subnets/{id}',          expect: '200 200 200 403 200  403  403  402  401  404', params: freshSubnet },
  { route: 'GET /api/v1/tags',                     expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'POST /api/v1/tags',                    expect: '201 201 201 403 201  403  403  402  401  201', body: tagBody },
  { route: 'GET /api/v1/tags/{id}',                expect: '200 200 200 200 200  403  403  402  401  404', params: freshTag },
  { route: 'PUT /api/v1/tags/{id}',                expect: '200 200 403 403 200  403  403  402  401  404', params: freshTag,
    body: tagBody },
  { route: 'DELETE /api/v1/tags/{id}',             expect: '200 200 403 403 200  403  403  402  401  404', params: freshTag },
];
