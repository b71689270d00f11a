import type { MatrixRow, World } from '../support/access-matrix';
import { expectOk } from '../support/http';

/** Two live services on n1 (a fresh host each time). */
const services = async (w: World): Promise<string[]> => {
  const host = expectOk(
    await w.http.as(w.credentials.owner).post('/api/v1/hosts', {
      network_id: w.n1,
      name: 'matrix services',
      services: [
        { name: 'a', service_definition: 'Http' },
        { name: 'b', service_definition: 'Http' },
      ],
    }),
    201,
  );
  return host.services.map((s: { id: string }) => s.id);
};
const body = (w: World, serviceIds: string[]) => ({
  name: 'matrix dependency',
  network_id: w.n1,
  color: 'Blue',
  dependency_type: 'RequestPath',
  edge_style: 'Straight',
  members: { type: 'Services', service_ids: serviceIds },
  tags: [],
});
/** The services of the last fresh dependency, so that PUT sends a valid body. */
let lastServices: string[] = [];
let postServices: string[] = [];
const freshDependency = async (w: World) => {
  lastServices = await services(w);
  return { id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/dependencies', body(w, lastServices)), 201).id as string };
};
const serviceOfFreshDependency = async (w: World) => {
  await freshDependency(w);
  return { id: lastServices[0] };
};
const newServices = async (w: World) => {
  postServices = await services(w);
  return {};
};

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const dependencyRows: MatrixRow[] = [
  { route: 'GET /api/v1/dependencies',             expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'POST /api/v1/dependencies',            expect: '201 201 201 403 201  403  403  402  401  404',
    params: newServices, body: (w) => body(w, postServices) },
  { route: 'GET /api/v1/dependencies/{id}',        expect: '200 200 200 200 200  403  403  402  401  404', params: freshDependency },
  { route: 'GET /api/v1/dependencies/{id}/history', expect: '200 200 200 200 200  403  403  402  401  404', params: freshDependency },
  { route: 'PUT /api/v1/dependencies/{id}',        expect: '200 200 200 403 200  403  403  402  401  404', params: freshDependency,
    body: (w) => ({ ...body(w, lastServices), name: 'renamed' }) },
  { route: 'DELETE /api/v1/dependencies/{id}',     expect: '200 200 200 403 200  403  403  402  401  404', params: freshDependency },
  { route: 'GET /api/v1/services/{id}/dependencies', expect: '200 200 200 200 200  403  403  402  401  404', params: serviceOfFreshDependency },
];
