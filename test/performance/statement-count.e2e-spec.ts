import { randomUUID } from 'node:crypto';
import { Database } from '../../src/common/database/database';
import { addHost, addSubnet, addTag } from '../support/hosts';
import { type Credentials, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addKey, addNetwork, registerOrg } from '../support/tenants';

/**
 * The hot routes issue a fixed number of SQL statements, whatever the page size: the same request over a
 * page of 2 hosts and a page of 12 (every child kind on each) must run as many statements.
 */
describe('SQL statements per request', () => {
  const ctx = useTestApp();
  let statements = 0;

  beforeAll(() => {
    const db = ctx.t.app.get(Database);
    // Counts and passes through: the statements still run on the real database.
    for (const method of ['query', 'execute', 'onePrepared', 'copyOut'] as const) {
      const run = db[method].bind(db) as (...args: unknown[]) => Promise<unknown>;
      (db as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        statements++;
        return run(...args);
      };
    }
  });

  async function network(hosts: number) {
    const org = await registerOrg(ctx.http);
    const owner = org.owner.session;
    const networkId = await addNetwork(ctx.http, owner);
    const subnet = await addSubnet(ctx.http, owner, networkId, '10.5.0.0/24');
    const tag = await addTag(ctx.http, owner);
    const ids: string[] = [];
    for (let i = 1; i <= hosts; i++) {
      const [ip, port] = [randomUUID(), randomUUID()];
      const host = await addHost(ctx.http, owner, networkId, {
        name: `web-${i}`,
        tags: [tag],
        ip_addresses: [
          {
            id: ip,
            subnet_id: subnet,
            ip_address: `10.5.0.${i}`,
            mac_address: `02:00:00:00:05:${i.toString(16).padStart(2, '0')}`,
          },
        ],
        ports: [{ id: port, number: 443, protocol: 'Tcp', type: 'Https' }],
        services: [
          {
            name: 'nginx',
            service_definition: 'Nginx',
            bindings: [{ type: 'Port', ip_address_id: ip, port_id: port }],
          },
        ],
        interfaces: [{ if_index: 1, if_name: 'eth0', ip_address_id: ip }],
      });
      ids.push(host.id);
    }
    const key = await addKey(ctx.http, owner);
    return { networkId, tag, ids, key: key.bearer };
  }

  /** How many statements one request runs (after a first call, so one-time work does not count). */
  async function countOf(who: Credentials, path: string): Promise<number> {
    expectOk(await ctx.http.as(who).get(path));
    statements = 0;
    expectOk(await ctx.http.as(who).get(path));
    return statements;
  }

  const routes = (n: { networkId: string; tag: string; ids: string[] }, limit: number) => {
    const at = encodeURIComponent(new Date().toISOString());
    const list = `/api/v1/hosts?network_id=${n.networkId}&limit=${limit}`;
    return {
      'host list': list,
      'host list, every filter': `${list}&ids=${n.ids.join(',')}&tag_ids=${n.tag}&search=web&stale=false&at=${at}`,
      'host list, grouped and ordered': `${list}&group_by=name&order_by=last_seen_at&order_direction=desc`,
      'host list without children': `${list}&include_children=false`,
      'host detail': `/api/v1/hosts/${n.ids[n.ids.length - 1]}`,
      ...Object.fromEntries(
        ['L2Physical', 'L3Logical', 'Workloads', 'Application'].map((view) => [
          `topology ${view}`,
          `/api/v1/topology?network_id=${n.networkId}&view=${view}`,
        ]),
      ),
      'topology grouped': `/api/v1/topology?network_id=${n.networkId}&view=L3Logical&group=auto`,
    };
  };

  it('runs as many statements for a page of 12 hosts as for a page of 2, on every hot route', async () => {
    const small = await network(2);
    const large = await network(12);
    const counts: Record<string, [number, number]> = {};
    const smallRoutes = routes(small, 2);
    const largeRoutes = routes(large, 12);
    for (const name of Object.keys(smallRoutes) as (keyof typeof smallRoutes)[])
      counts[name] = [await countOf(small.key, smallRoutes[name]), await countOf(large.key, largeRoutes[name])];
    for (const [name, [few, many]] of Object.entries(counts)) {
      expect(few).toBeGreaterThan(0);
      expect({ [name]: many }).toEqual({ [name]: few });
    }
  });
});
