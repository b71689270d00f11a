import { expectError, expectOk } from '../support/http';
import { addHost, addSubnet } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, registerOrg } from '../support/tenants';

describe('saved topology positions: GET /api/v1/topology positions, PUT and DELETE /api/v1/topology/positions', () => {
  const ctx = useTestApp();

  async function world() {
    const org = await registerOrg(ctx.http);
    const net = await addNetwork(ctx.http, org.owner.session);
    const as = ctx.http.as(org.owner.session);
    await addSubnet(ctx.http, org.owner.session, net, '10.7.0.0/24');
    const ingest = (hostname: string) =>
      as.post('/api/v1/discovery/observations', {
        network_id: net,
        observed_at: new Date().toISOString(),
        hosts: [
          {
            hostname,
            mac: '00:aa:bb:cc:dd:07',
            ip_addresses: [{ ip_address: '10.7.0.7', mac_address: '00:aa:bb:cc:dd:07' }],
            interfaces: [{ if_index: 1, if_name: 'eth0', mac_address: '00:aa:bb:cc:dd:07', oper_status: 'Up' }],
          },
        ],
      });
    const [scanned] = expectOk(await ingest('scanned.lan')).host_ids as string[];
    const manual = await addHost(ctx.http, org.owner.session, net, { name: 'manual' });
    const put = (body: object, who = as) => who.put('/api/v1/topology/positions', { network_id: net, ...body });
    const get = async (view = 'L2Physical', who = as) =>
      expectOk(await who.get(`/api/v1/topology?network_id=${net}&view=${view}`));
    return { org, net, as, ingest, scanned, manual, put, get };
  }

  it('answers {} before anything is saved, then a round trip per view', async () => {
    const w = await world();
    expect((await w.get()).positions).toEqual({});
    const saved = expectOk(
      await w.put({
        view: 'L2Physical',
        positions: { [w.scanned]: { x: 10.5, y: -20 }, [w.manual.id]: { x: 0, y: 1e6 } },
      }),
    );
    expect(saved).toEqual({ positions: { [w.scanned]: { x: 10.5, y: -20 }, [w.manual.id]: { x: 0, y: 1e6 } } });
    expect((await w.get()).positions).toEqual(saved.positions);
    // Per view: the other views keep their own (empty) layout.
    expect((await w.get('L3Logical')).positions).toEqual({});
    expect((await w.get('Workloads')).positions).toEqual({});
  });

  it('merges: named nodes move, others keep their place, new ones are added', async () => {
    const w = await world();
    expectOk(
      await w.put({ view: 'L2Physical', positions: { [w.scanned]: { x: 1, y: 1 }, [w.manual.id]: { x: 2, y: 2 } } }),
    );
    const merged = expectOk(
      await w.put({ view: 'L2Physical', positions: { [w.scanned]: { x: 5, y: 6 }, 'group:subnet:x': { x: 7, y: 8 } } }),
    );
    expect(merged.positions).toEqual({
      [w.scanned]: { x: 5, y: 6 },
      [w.manual.id]: { x: 2, y: 2 },
      'group:subnet:x': { x: 7, y: 8 },
    });
    expect(expectOk(await w.put({ view: 'L2Physical', positions: {} })).positions).toEqual(merged.positions);
  });

  it('resets one view with DELETE, leaving the others', async () => {
    const w = await world();
    expectOk(await w.put({ view: 'L2Physical', positions: { [w.scanned]: { x: 1, y: 1 } } }));
    expectOk(await w.put({ view: 'L3Logical', positions: { [w.scanned]: { x: 3, y: 3 } } }));
    expect(expectOk(await w.as.delete(`/api/v1/topology/positions?network_id=${w.net}&view=L2Physical`))).toEqual({});
    expect((await w.get('L2Physical')).positions).toEqual({});
    expect((await w.get('L3Logical')).positions).toEqual({ [w.scanned]: { x: 3, y: 3 } });
    // Resetting an empty layout is not an error.
    expectOk(await w.as.delete(`/api/v1/topology/positions?network_id=${w.net}&view=L2Physical`));
  });

  it('survives a rescan and an edit: node ids are the live ids', async () => {
    const w = await world();
    expectOk(
      await w.put({ view: 'L2Physical', positions: { [w.scanned]: { x: 1, y: 2 }, [w.manual.id]: { x: 3, y: 4 } } }),
    );
    expect(expectOk(await w.ingest('renamed.lan')).host_ids).toEqual([w.scanned]);
    expectOk(await w.as.put(`/api/v1/hosts/${w.manual.id}`, { network_id: w.net, name: 'manual, renamed' }));
    const graph = await w.get();
    expect(graph.nodes.map((n: { id: string }) => n.id)).toEqual(expect.arrayContaining([w.scanned, w.manual.id]));
    expect(graph.positions).toEqual({ [w.scanned]: { x: 1, y: 2 }, [w.manual.id]: { x: 3, y: 4 } });
  });

  it('lets a Member write on its network; a Viewer reads but may not write', async () => {
    const w = await world();
    const member = ctx.http.as((await addUser(ctx.http, w.org.owner.session, 'Member', [w.net])).session);
    const viewer = ctx.http.as((await addUser(ctx.http, w.org.owner.session, 'Viewer', [w.net])).session);
    expectOk(await w.put({ view: 'Workloads', positions: { a: { x: 1, y: 1 } } }, member));
    expectError(
      await w.put({ view: 'Workloads', positions: { a: { x: 9, y: 9 } } }, viewer),
      403,
      'auth_permission_denied',
    );
    expectError(
      await viewer.delete(`/api/v1/topology/positions?network_id=${w.net}&view=Workloads`),
      403,
      'auth_permission_denied',
    );
    expect((await w.get('Workloads', viewer)).positions).toEqual({ a: { x: 1, y: 1 } });
  });

  it("answers 404 for another tenant's network and for a network outside the caller's grants, writing nothing", async () => {
    const w = await world();
    expectOk(await w.put({ view: 'L2Physical', positions: { a: { x: 1, y: 1 } } }));
    const other = ctx.http.as((await registerOrg(ctx.http)).owner.session);
    expectError(await w.put({ view: 'L2Physical', positions: { a: { x: 9, y: 9 } } }, other), 404, 'entity_not_found');
    expectError(
      await other.delete(`/api/v1/topology/positions?network_id=${w.net}&view=L2Physical`),
      404,
      'entity_not_found',
    );
    const elsewhere = await addNetwork(ctx.http, w.org.owner.session);
    const member = ctx.http.as((await addUser(ctx.http, w.org.owner.session, 'Member', [elsewhere])).session);
    expectError(await w.put({ view: 'L2Physical', positions: { a: { x: 9, y: 9 } } }, member), 404, 'entity_not_found');
    expectError(
      await member.delete(`/api/v1/topology/positions?network_id=${w.net}&view=L2Physical`),
      404,
      'entity_not_found',
    );
    expect((await w.get()).positions).toEqual({ a: { x: 1, y: 1 } });
  });

  describe('refuses bad input with 400 validation_failed, writing nothing', () => {
    const refused = async (body: object, message: string) => {
      const w = await world();
      const error = expectError(await w.put(body), 400, 'validation_failed');
      expect(error.error).toContain(message);
      expect(await ctx.t.dataSource.query(`SELECT 1 FROM topology_positions WHERE network_id = $1`, [w.net])).toEqual(
        [],
      );
    };

    it.each([
      ['a string "Infinity"', { a: { x: 'Infinity', y: 1 } }, '.x must be a finite number'],
      ['a string "NaN"', { a: { x: 1, y: 'NaN' } }, '.y must be a finite number'],
      ['a missing coordinate', { a: { x: 1 } }, '.y must be a finite number'],
      ['null coordinates', { a: { x: null, y: null } }, '.x must be a finite number'],
      ['an unknown field', { a: { x: 1, y: 2, z: 3 } }, 'unknown fields: z'],
      ['an empty node id', { '': { x: 1, y: 2 } }, 'node ids must be 1 to 255'],
      ['a node id over 255 characters', { ['n'.repeat(256)]: { x: 1, y: 2 } }, 'node ids must be 1 to 255'],
      ['an array', [{ x: 1, y: 2 }], 'must be an object'],
    ])('%s', (_name, positions, message) => refused({ view: 'L2Physical', positions }, message));

    it('a number too large for a double (1e999 parses as Infinity)', async () => {
      const w = await world();
      const reply = await ctx.t.app.inject({
        method: 'PUT',
        url: '/api/v1/topology/positions',
        headers: { cookie: `session_id=${w.org.owner.session.cookie}`, 'content-type': 'application/json' },
        payload: `{"network_id":"${w.net}","view":"L2Physical","positions":{"a":{"x":1e999,"y":1}}}`,
      });
      expect({ status: reply.statusCode, code: reply.json().code }).toEqual({ status: 400, code: 'validation_failed' });
    });

    it('more than 10,000 entries', () =>
      refused(
        {
          view: 'L2Physical',
          positions: Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`${i}`, { x: 1, y: 2 }])),
        },
        'at most 10000 entries',
      ));

    it('a bad view, a missing network, a missing map', async () => {
      const w = await world();
      expectError(await w.put({ view: 'Galaxy', positions: {} }), 400, 'validation_failed');
      expectError(
        await w.as.put('/api/v1/topology/positions', { view: 'L2Physical', positions: {} }),
        400,
        'validation_failed',
      );
      expectError(await w.put({ view: 'L2Physical' }), 400, 'validation_failed');
      expectError(await w.put({ view: 'L2Physical', positions: {}, extra: 1 }), 400, 'validation_failed');
      expectError(
        await w.as.delete(`/api/v1/topology/positions?network_id=${w.net}&view=Galaxy`),
        400,
        'validation_failed',
      );
      expectError(
        await w.as.delete(`/api/v1/topology/positions?network_id=nope&view=L2Physical`),
        400,
        'validation_failed',
      );
    });
  });

  it('takes 10,000 entries in one call', async () => {
    const w = await world();
    const positions = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`node-${i}`, { x: i, y: -i }]));
    const saved = expectOk(await w.put({ view: 'L2Physical', positions }));
    expect(Object.keys(saved.positions)).toHaveLength(10_000);
    expect(saved.positions['node-9999']).toEqual({ x: 9999, y: -9999 });
  });
});
