import { randomUUID } from 'node:crypto';
import { expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';

describe('dependencies under concurrent inventory writes', () => {
  const ctx = useTestApp();

  it('a dependency PUT adding a service racing a host PUT removing it never leaves a closed member live, nor fails', async () => {
    const org = await registerOrg(ctx.http);
    const net = await addNetwork(ctx.http, org.owner.session);
    const as = ctx.http.as(org.owner.session);
    const dependency = (ids: string[]) => ({
      name: 'd',
      network_id: net,
      color: 'Blue',
      dependency_type: 'RequestPath',
      edge_style: 'Straight',
      tags: [],
      members: { type: 'Services', service_ids: ids },
    });
    const service = (id: string, n: number) => ({ id, name: `s${n}`, service_definition: 'Http' });
    const outcomes: string[] = [];
    let closedMemberLive = 0;
    for (let round = 0; round < 25; round++) {
      const s = [randomUUID(), randomUUID(), randomUUID()];
      const host = expectOk(
        await as.post('/api/v1/hosts', { network_id: net, name: 'h', services: s.map(service) }),
        201,
      );
      const d = expectOk(await as.post('/api/v1/dependencies', dependency([s[0], s[2]])), 201);
      const [dependencyPut, hostPut] = await Promise.all([
        as.put(`/api/v1/dependencies/${d.id}`, dependency([s[0], s[1], s[2]])),
        as.put(`/api/v1/hosts/${host.id}`, {
          network_id: net,
          name: 'h',
          services: [service(s[0], 0), service(s[2], 2)],
        }),
      ]);
      outcomes.push(`${dependencyPut.status}/${hostPut.status}`);
      const live = await ctx.t.dataSource.query(
        `SELECT member_ids FROM dependencies WHERE id = $1 AND valid_to IS NULL`,
        [d.id],
      );
      if (live[0]?.member_ids.includes(s[1])) closedMemberLive++;
    }
    expect(closedMemberLive).toBe(0);
    // The dependency PUT either wins (then the host PUT drops the member) or loses (400: the member closed first).
    expect(outcomes.filter((o) => !['200/200', '400/200'].includes(o))).toEqual([]);
  });
});
