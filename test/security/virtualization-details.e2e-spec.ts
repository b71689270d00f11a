import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, Org, registerOrg } from '../support/tenants';

/** #17: a virtualization's free-form details are bounded, and anonymous share viewers never see them. */
describe('virtualization.details', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  let hypervisor: string;
  const as = () => ctx.http.as(org.owner.session);
  const count = async () =>
    (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM hosts WHERE organization_id = $1`, [org.id]))[0]
      .n as number;
  const nest = (depth: number): unknown => (depth <= 1 ? { leaf: 1 } : { a: nest(depth - 1) });
  const vm = (details: unknown) =>
    as().post('/api/v1/hosts', {
      network_id: net,
      name: 'vm',
      virtualization: { type: 'Vm', host_id: hypervisor, details },
    });

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
    hypervisor = expectOk(await as().post('/api/v1/hosts', { network_id: net, name: 'esx' }), 201).id;
  });

  it.each([
    ['over 16 KiB', { blob: 'x'.repeat(16 * 1024) }],
    ['9 levels deep', nest(9)],
  ])('%s is 400 validation_failed naming the field, and nothing is written', async (_label, details) => {
    const reply = await vm(details);
    const error = expectError(reply, 400, 'validation_failed');
    expect(['virtualization.details', 'body']).toContain(error.params.errors[0].field);
    expect(await count()).toBe(1);
  });

  it('4,000 levels deep and 1 MB are refused before parsing (body depth and size limits)', async () => {
    const deep = `{"network_id":"${net}","name":"vm","virtualization":{"type":"Vm","host_id":"${hypervisor}","details":${'{"a":'.repeat(4_000)}1${'}'.repeat(4_000)}}}`;
    const big = JSON.stringify({
      network_id: net,
      name: 'vm',
      virtualization: { type: 'Vm', host_id: hypervisor, details: { blob: 'x'.repeat(1024 * 1024) } },
    });
    const send = (payload: string) =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/v1/hosts',
        payload,
        headers: { 'content-type': 'application/json', cookie: `session_id=${org.owner.session.cookie}` },
      });
    const deepReply = await send(deep);
    expect(deepReply.statusCode).toBe(400);
    expect(deepReply.json()).toMatchObject({ success: false, code: 'validation_failed' });
    const bigReply = await send(big);
    expect(bigReply.statusCode).toBe(413);
    expect(bigReply.json()).toMatchObject({ success: false, code: 'payload_too_large' });
    expect(await count()).toBe(1);
  });

  it('8 levels and 16 KiB are taken and read back on GET /hosts', async () => {
    const details = { ...(nest(7) as object), note: 'y'.repeat(16 * 1024 - 200) };
    const host = expectOk(await vm(details), 201);
    expect(host.virtualization.details).toEqual(details);
  });

  it("a public share's topology shows the virtualization type and host, never its details", async () => {
    expectOk(await vm({ vcenter_password_hint: 'secret-detail-42', cluster: 'prod' }), 201);
    const share = expectOk(await as().post('/api/v1/shares', { network_id: net, name: 'wall' }), 201);
    const reply = await ctx.http.as().post(`/api/v1/shares/public/${share.id}/topology`, { view: 'L3Logical' });
    const graph = expectOk(reply);
    expect(JSON.stringify(graph)).not.toContain('secret-detail-42');
    const node = graph.nodes.find((n: { label: string }) => n.label === 'vm');
    expect(node.data.virtualization).toEqual({ type: 'Vm', host_id: hypervisor });
  });
});
