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
const targets = new Map<string, string[]>();
/** A fresh dependency on n1; its services are remembered so that PUT can send a valid body. */
const freshDependency = async (w: World) => {
  const ids = await services(w);
  const id = expectOk(await w.http.as(w.credentials.owner).post('/api/v1/dependencies', body(w, ids)), 201).id as string;
  targets.set('last', ids);
  return { id };
};
const firstService = async (w: World) => ({ id: (await freshDependency(w)) && targets.get('last')![0] });

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const dependencyRows: MatrixRow[] = [
  { route: 'GET /api/v1/dependencies',             expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'POST /api/v1/dependencies',            expect: '201 201 201 403 201  403  403  402  401  404',
    body: (w) => body(w, targets.get('post') ?? []), params: async (w) => (targets.set('post', await services(w)), {}) },
  { route: 'GET /api/v1/dependencies/{id}',        expect: '200 200 200 200 200  403  403  402  401  404', params: freshDependency },
  { route: 'PUT /api/v1/dependencies/{id}',        expect: '200 200 200 403 200  403  403  402  401  404', params: freshDependency,
    body: (w) => ({ ...body(w, targets.get('last')!), name: 'renamed' }) },
  { route: 'DELETE /api/v1/dependencies/{id}',     expect: '200 200 200 403 200  403  403  402  401  404', params: freshDependency },
  { route: 'GET /api/v1/services/{id}/dependencies', expect: '200 200 200 200 200  403  403  402  401  404', params: firstService },
];
