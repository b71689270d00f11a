import type { MatrixRow, World } from '../support/access-matrix';
import { addSubnet } from '../support/hosts';
import { expectOk } from '../support/http';

/** The matrix app runs no worker: runs stay queued, so every cell can cancel a fresh one. */
export const DISCOVERY_MATRIX_ENV = { DISCOVERY_ALLOWED_CIDRS: '127.0.0.0/8', DISCOVERY_WORKER: 'false' };

const withSubnet = new WeakSet<World>();
const ensureSubnet = async (w: World) => {
  if (!withSubnet.has(w)) await addSubnet(w.http, w.credentials.owner, w.n1, '127.77.0.0/24');
  withSubnet.add(w);
  return {};
};
const runBody = (w: World) => ({ network_id: w.n1, targets: ['127.77.0.1'], ports: [9] });
const scheduleBody = (w: World) => ({ ...runBody(w), name: 'nightly', cron: '0 3 * * *' });
const freshRun = async (w: World) => {
  await ensureSubnet(w);
  return { id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/discovery/runs', runBody(w)), 202).id as string };
};
const cancelledRun = async (w: World) => {
  const { id } = await freshRun(w);
  expectOk(await w.http.as(w.credentials.owner).post(`/api/v1/discovery/runs/${id}/cancel`), 200);
  return { id };
};
const freshSchedule = async (w: World) => {
  await ensureSubnet(w);
  return { id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/discovery/schedules', scheduleBody(w)), 201).id as string };
};

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const discoveryRows: MatrixRow[] = [
  { route: 'POST /api/v1/discovery/runs',              expect: '202 202 202 403 202  403  403  402  401  404', params: ensureSubnet, body: runBody },
  { route: 'GET /api/v1/discovery/runs',               expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'GET /api/v1/discovery/runs/{id}',          expect: '200 200 200 200 200  403  403  402  401  404', params: freshRun },
  { route: 'GET /api/v1/discovery/runs/{id}/events',   expect: '200 200 200 200 200  403  403  402  401  404', params: cancelledRun,
    eventStream: true },
  { route: 'POST /api/v1/discovery/runs/{id}/cancel',  expect: '200 200 200 403 200  403  403  402  401  404', params: freshRun },
  { route: 'POST /api/v1/discovery/schedules',         expect: '201 201 201 403 201  403  403  402  401  404', params: ensureSubnet,
    body: scheduleBody },
  { route: 'GET /api/v1/discovery/schedules',          expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'GET /api/v1/discovery/schedules/{id}',     expect: '200 200 200 200 200  403  403  402  401  404', params: freshSchedule },
  { route: 'DELETE /api/v1/discovery/schedules/{id}',  expect: '200 200 200 403 200  403  403  402  401  404', params: freshSchedule },
];
