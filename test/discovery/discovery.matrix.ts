import type { MatrixRow, World } from '../support/access-matrix';
import { addSubnet } from '../support/hosts';
import { expectOk } from '../support/http';

/** Test apps run no discovery worker unless asked: runs stay queued, so every cell can cancel a fresh one. */
export const DISCOVERY_MATRIX_ENV = { DISCOVERY_ALLOWED_CIDRS: '127.0.0.0/8' };

type Net = 'n1' | 'n2';
const withSubnets = new WeakSet<World>();
const ensureSubnets = async (w: World) => {
  if (!withSubnets.has(w)) {
    await addSubnet(w.http, w.credentials.owner, w.n1, '127.77.0.0/24');
    await addSubnet(w.http, w.credentials.owner, w.n2, '127.78.0.0/24');
  }
  withSubnets.add(w);
  return {};
};
const runBody = (net: Net) => (w: World) =>
  ({ network_id: w[net], targets: [net === 'n1' ? '127.77.0.1' : '127.78.0.1'], ports: [9] });
const scheduleBody = (net: Net) => (w: World) => ({ ...runBody(net)(w), name: 'nightly', cron: '0 3 * * *' });
const freshRun = (net: Net) => async (w: World) => {
  await ensureSubnets(w);
  return { id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/discovery/runs', runBody(net)(w)), 202).id as string };
};
const cancelledRun = async (w: World) => {
  const { id } = await freshRun('n1')(w);
  expectOk(await w.http.as(w.credentials.owner).post(`/api/v1/discovery/runs/${id}/cancel`), 200);
  return { id };
};
const freshSchedule = (net: Net) => async (w: World) => {
  await ensureSubnets(w);
  return { id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/discovery/schedules', scheduleBody(net)(w)), 201).id as string };
};

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
// n2: the Member, the Viewer and the key scoped to n1 find nothing there (404); role checks come first (403).
export const discoveryRows: MatrixRow[] = [
  { route: 'POST /api/v1/discovery/runs',              expect: '202 202 202 403 202  403  403  402  401  404', params: ensureSubnets, body: runBody('n1'), variant: 'n1' },
  { route: 'POST /api/v1/discovery/runs',              expect: '202 202 404 403 404  403  403  402  401  404', params: ensureSubnets, body: runBody('n2'), variant: 'n2' },
  { route: 'GET /api/v1/discovery/runs',               expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'GET /api/v1/discovery/runs/{id}',          expect: '200 200 200 200 200  403  403  402  401  404', params: freshRun('n1'), variant: 'n1' },
  { route: 'GET /api/v1/discovery/runs/{id}',          expect: '200 200 404 404 404  403  403  402  401  404', params: freshRun('n2'), variant: 'n2' },
  { route: 'GET /api/v1/discovery/runs/{id}/diagnostics', expect: '200 200 200 200 200  403  403  402  401  404', params: freshRun('n1'), variant: 'n1' },
  { route: 'GET /api/v1/discovery/runs/{id}/diagnostics', expect: '200 200 404 404 404  403  403  402  401  404', params: freshRun('n2'), variant: 'n2' },
  { route: 'GET /api/v1/discovery/runs/{id}/events',   expect: '200 200 200 200 200  403  403  402  401  404', params: cancelledRun,
    eventStream: true },
  { route: 'POST /api/v1/discovery/runs/{id}/cancel',  expect: '200 200 200 403 200  403  403  402  401  404', params: freshRun('n1'), variant: 'n1' },
  { route: 'POST /api/v1/discovery/runs/{id}/cancel',  expect: '200 200 404 403 404  403  403  402  401  404', params: freshRun('n2'), variant: 'n2' },
  { route: 'POST /api/v1/discovery/schedules',         expect: '201 201 201 403 201  403  403  402  401  404', params: ensureSubnets,
    body: scheduleBody('n1') },
  { route: 'GET /api/v1/discovery/schedules',          expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'GET /api/v1/discovery/schedules/{id}',     expect: '200 200 200 200 200  403  403  402  401  404', params: freshSchedule('n1'), variant: 'n1' },
  { route: 'GET /api/v1/discovery/schedules/{id}',     expect: '200 200 404 404 404  403  403  402  401  404', params: freshSchedule('n2'), variant: 'n2' },
  { route: 'DELETE /api/v1/discovery/schedules/{id}',  expect: '200 200 200 403 200  403  403  402  401  404', params: freshSchedule('n1'), variant: 'n1' },
  { route: 'DELETE /api/v1/discovery/schedules/{id}',  expect: '200 200 404 403 404  403  403  402  401  404', params: freshSchedule('n2'), variant: 'n2' },
];
