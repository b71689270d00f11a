import { addSubnet } from '../support/hosts';
import { startNamespaceHost, type TestHost } from '../support/network-namespace';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';
import { hostsByIp, parseEvents, startRun, waitForRun } from './discovery-helpers';

/** A real L2 neighbour in a network namespace the test makes: its MAC comes from the ARP table. */
describe('discovery of a host on an attached segment', () => {
  const SUBNET = 77;
  const ctx = useTestApp({ env: { DISCOVERY_ALLOWED_CIDRS: `10.203.${SUBNET}.0/29`, DISCOVERY_WORKER: 'true' } });
  let host: TestHost;

  beforeAll(async () => {
    host = await startNamespaceHost({
      mac: 'b8:27:eb:01:02:03',
      subnet: SUBNET,
      // A scanner hangs up as soon as it is connected: the greeting may then meet a reset, which must not
      // end the server (sshd survives it too).
      serve: `require('net').createServer((s) => s.on('error', () => {}).end('SSH-2.0-OpenSSH_9.2\\r\\n')).listen(2222, '10.203.${SUBNET}.2', () => console.log('up'))`,
    });
  });
  afterAll(() => host?.close());

  const network = async () => {
    const org = await registerOrg(ctx.http);
    const as = ctx.http.as(org.owner.session);
    const net = await addNetwork(ctx.http, org.owner.session);
    await addSubnet(ctx.http, org.owner.session, net, `10.203.${SUBNET}.0/29`);
    return { as, net };
  };

  it('records the MAC from the neighbour table and its vendor', async () => {
    const { as, net } = await network();
    const queued = await startRun(as, { network_id: net, targets: [host.address], ports: [22, 2222] });
    const run = await waitForRun(as, queued.id);
    expect(run).toMatchObject({ status: 'completed', progress: { targets_total: 1, targets_done: 1, hosts_found: 1 } });

    const found = (await hostsByIp(as, net))[host.address];
    expect(found).toMatchObject({
      name: host.address,
      description: 'Raspberry Pi Foundation',
      ip_addresses: [{ ip_address: host.address, mac_address: 'b8:27:eb:01:02:03' }],
      ports: [{ number: 2222, protocol: 'Tcp', type: 'Ssh' }],
    });
    const events = parseEvents((await as.get(`/api/v1/discovery/runs/${run.id}/events`)).body as string);
    expect(events.find((e) => e.event === 'host_found')!.data).toMatchObject({
      mac_address: 'b8:27:eb:01:02:03',
      vendor: 'Raspberry Pi Foundation',
    });
    expect(Object.keys(await hostsByIp(as, net))).toEqual([host.address]);
  });

  it('gives an address that answers nothing (no ARP, no TCP) no full port scan', async () => {
    const { as, net } = await network();
    const absent = `10.203.${SUBNET}.5`;
    // Scanned in full, the absent address alone would take 200 ports x 1 s / 5 at once = 40 s.
    const ports = [2222, ...Array.from({ length: 199 }, (_, i) => 20_000 + i)];
    const queued = await startRun(as, {
      network_id: net,
      targets: [host.address, absent],
      ports,
      concurrency: 5,
      timeout_ms: 1_000,
    });
    const run = await waitForRun(as, queued.id, undefined, 15_000);
    expect(run).toMatchObject({ status: 'completed', progress: { targets_total: 2, targets_done: 2, hosts_found: 1 } });
    expect(Object.keys(await hostsByIp(as, net))).toEqual([host.address]);
  });
});
