import { createServer, type Server, type Socket } from 'node:net';
import { waitForRun } from '../discovery/discovery-helpers';
import { addSubnet } from '../support/hosts';
import { expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';

describe('audit trail: discovery', () => {
  const ctx = useTestApp({ env: { DISCOVERY_ALLOWED_CIDRS: '127.66.0.0/16', DISCOVERY_WORKER: 'true' } });

  let listener: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Something for the run to find: an open port on a loopback address inside the allowed range.
    listener = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.66.4.1', resolve));
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => listener.close(resolve));
  });

  it('records schedules and runs by their user, and what a run ingests by the run', async () => {
    const org = await registerOrg(ctx.http);
    const net = await addNetwork(ctx.http, org.owner.session);
    await addSubnet(ctx.http, org.owner.session, net, '127.66.0.0/16');
    const as = ctx.http.as(org.owner.session);
    const events = async (query: string) => expectOk(await as.get(`/api/v1/audit-events${query}`));
    const port = (listener.address() as { port: number }).port;
    const scan = { network_id: net, targets: ['127.66.4.1'], ports: [port] };

    const schedule = expectOk(
      await as.post('/api/v1/discovery/schedules', { ...scan, name: 'nightly', cron: '30 2 * * *' }),
      201,
    );
    expectOk(await as.delete(`/api/v1/discovery/schedules/${schedule.id}`));
    expect((await events(`?resource_id=${schedule.id}`)).map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'create',
    ]);

    const run = expectOk(await as.post('/api/v1/discovery/runs', scan), 202);
    const [created] = await events(`?resource_type=discovery_run&resource_id=${run.id}`);
    expect(created).toMatchObject({ action: 'create', actor: { type: 'user', id: org.owner.id }, network_id: net });
    await waitForRun(ctx.http.as(org.owner.session), run.id);

    const byRun = await events(`?actor_type=discovery_run&actor_id=${run.id}`);
    expect(byRun).toEqual([
      expect.objectContaining({
        actor: { type: 'discovery_run', id: run.id, user_id: org.owner.id },
        request_id: null,
        client_address: null,
        resource_type: 'network',
        resource_id: net,
        action: 'observations.ingest',
        after: expect.objectContaining({ discovery_id: run.id }),
      }),
    ]);
  });
});
