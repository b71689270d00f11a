import { randomUUID } from 'node:crypto';
import { addHost, addSubnet } from '../support/hosts';
import { webhookBody } from '../webhooks/webhook-helpers';
import { type Credentials, expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { loadConfig } from '../../src/common/config/app-config';
import { AuditRetentionService } from '../../src/modules/audit/application/audit-retention.service';
import { addKey, addNetwork, addUser, type Org, PASSWORD, registerOrg } from '../support/tenants';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('audit trail: GET /api/v1/audit-events and what each write records', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
  });

  const owner = () => ctx.http.as(org.owner.session);
  const events = async (query = '', who: Credentials = org.owner.session) =>
    expectOk(await ctx.http.as(who).get(`/api/v1/audit-events${query}`));
  const eventsOf = (resourceId: string, who?: Credentials) => events(`?resource_id=${resourceId}`, who);

  it('records a host create, update and delete: actor, request id, client address, resource, action, before and after', async () => {
    const requestId = randomUUID();
    const created = expectOk(
      await owner().post('/api/v1/hosts', { network_id: net, name: 'web-1' }, { 'x-request-id': requestId }),
      201,
    );
    expectOk(await owner().put(`/api/v1/hosts/${created.id}`, { network_id: net, name: 'web-2' }));
    expectOk(await owner().delete(`/api/v1/hosts/${created.id}`));

    const [deleted, updated, made] = await eventsOf(created.id);
    expect(made).toEqual({
      id: expect.any(String),
      occurred_at: ISO,
      actor: { type: 'user', id: org.owner.id, user_id: org.owner.id },
      request_id: requestId,
      client_address: '127.0.0.1',
      resource_type: 'host',
      resource_id: created.id,
      action: 'create',
      network_id: net,
      before: null,
      after: expect.objectContaining({ id: created.id, name: 'web-1', network_id: net }),
    });
    // An update keeps only the fields that changed.
    expect(updated).toMatchObject({ action: 'update', before: { name: 'web-1' }, after: { name: 'web-2' } });
    expect(Object.keys(updated.after)).toEqual(['name']);
    expect(updated.request_id).not.toBe(requestId);
    expect(deleted).toMatchObject({
      action: 'delete',
      after: null,
      before: expect.objectContaining({ name: 'web-2' }),
    });
  });

  it('names the API key (and its owner) when a key writes', async () => {
    const key = await addKey(ctx.http, org.owner.session, { permissions: 'Admin' });
    const subnet = expectOk(
      await ctx.http.as(key.bearer).post('/api/v1/subnets', { network_id: net, cidr: '10.1.0.0/24' }),
      201,
    );
    const [event] = await eventsOf(subnet.id);
    expect(event).toMatchObject({
      actor: { type: 'api_key', id: key.id, user_id: org.owner.id },
      resource_type: 'subnet',
      action: 'create',
      network_id: net,
    });
  });

  it('records each covered kind of write', async () => {
    const tag = expectOk(await owner().post('/api/v1/tags', { name: `t-${randomUUID()}` }), 201);
    expectOk(await owner().put(`/api/v1/networks/${net}`, { name: 'renamed', tags: [tag.id] }));
    const user = await addUser(ctx.http, org.owner.session, 'Viewer');
    const key = await addKey(ctx.http, org.owner.session);
    expectOk(await owner().post(`/api/v1/auth/keys/${key.id}/rotate`));
    const subnet = await addSubnet(ctx.http, org.owner.session, net, '10.2.0.0/24');
    const share = expectOk(await owner().post('/api/v1/shares', { network_id: net, name: 'wall' }), 201);
    expectOk(
      await owner().put('/api/v1/topology/positions', {
        network_id: net,
        view: 'L3Logical',
        positions: { [subnet]: { x: 1, y: 2 } },
      }),
    );
    expectOk(await owner().put('/api/v1/organizations/plan', { type: 'Enterprise' }));

    const all = (await events('?limit=0')) as { resource_type: string; action: string; resource_id: string }[];
    const kinds = all.map((e) => `${e.resource_type} ${e.action}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'organization create',
        'network create',
        'network update',
        'tag create',
        'user create',
        'api_key create',
        'api_key rotate',
        'subnet create',
        'share create',
        'topology_positions positions.merge',
        'organization update',
      ]),
    );
    expect(all.find((e) => e.resource_type === 'user')?.resource_id).toBe(user.id);
    expect(all.find((e) => e.resource_type === 'share')?.resource_id).toBe(share.id);
  });

  it('records the updates and deletes of organization-level records, shares, keys and layouts', async () => {
    const credentialBody = {
      name: 'snmp',
      organization_id: org.id,
      credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: `c-${randomUUID()}` } },
      assigned_network_ids: [net],
      host_assignments: [],
      tags: [],
    };
    const credential = expectOk(await owner().post('/api/v1/credentials', credentialBody), 201);
    expectOk(await owner().put(`/api/v1/credentials/${credential.id}`, { ...credentialBody, name: 'snmp v2' }));
    expectOk(await owner().delete(`/api/v1/credentials/${credential.id}`));
    const tag = expectOk(await owner().post('/api/v1/tags', { name: `t-${randomUUID()}` }), 201);
    expectOk(await owner().put(`/api/v1/tags/${tag.id}`, { name: `u-${randomUUID()}`, color: 'Red' }));
    expectOk(await owner().delete(`/api/v1/tags/${tag.id}`));
    const user = await addUser(ctx.http, org.owner.session, 'Viewer');
    expectOk(await owner().delete(`/api/v1/users/${user.id}`));
    const key = await addKey(ctx.http, org.owner.session);
    expectOk(await owner().put(`/api/v1/auth/keys/${key.id}`, { name: 'renamed' }));
    expectOk(await owner().delete(`/api/v1/auth/keys/${key.id}`));
    const share = expectOk(await owner().post('/api/v1/shares', { network_id: net, name: 'wall' }), 201);
    expectOk(await owner().put(`/api/v1/shares/${share.id}`, { network_id: net, name: 'lobby' }));
    expectOk(await owner().delete(`/api/v1/shares/${share.id}`));
    expectOk(await owner().delete(`/api/v1/topology/positions?network_id=${net}&view=L3Logical`));
    const other = await addNetwork(ctx.http, org.owner.session);
    expectOk(await owner().delete(`/api/v1/networks/${other}`));

    const actions = async (id: string) => (await eventsOf(id)).map((e: { action: string }) => e.action);
    for (const id of [credential.id, tag.id, key.id, share.id])
      expect(await actions(id)).toEqual(['delete', 'update', 'create']);
    expect(await actions(user.id)).toEqual(['delete', 'create']);
    expect(await actions(other)).toEqual(['delete', 'create']);
    expect((await events(`?resource_type=topology_positions&network_id=${net}`))[0]).toMatchObject({
      action: 'positions.reset',
      after: { view: 'L3Logical' },
    });
    const [credentialUpdate] = await events(`?resource_id=${credential.id}&action=update`);
    expect(credentialUpdate).toMatchObject({ before: { name: 'snmp' }, after: { name: 'snmp v2' } });
    const [keyUpdate] = await events(`?resource_id=${key.id}&action=update`);
    expect(keyUpdate.after).toEqual({ name: 'renamed' });
  });

  it('records webhooks (their secret redacted) and single sign-on settings', async () => {
    const webhook = expectOk(await owner().post('/api/v1/webhooks', webhookBody('https://93.184.215.14/hooks')), 201);
    expectOk(await owner().post(`/api/v1/webhooks/${webhook.id}/rotate`));
    expectOk(await owner().delete(`/api/v1/webhooks/${webhook.id}`));
    const domain = `${randomUUID().slice(0, 8)}.example.test`;
    const sso = {
      email_domains: [domain],
      create_users: false,
      default_role: 'Viewer',
      role_claim: null,
      role_mappings: [],
      password_sign_in: true,
    };
    expectOk(await owner().put('/api/v1/organizations/sso', sso));

    expect((await eventsOf(webhook.id)).map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'rotate',
      'create',
    ]);
    const [rotated] = await events(`?resource_id=${webhook.id}&action=rotate`);
    expect(rotated.after).toEqual({ secret: '[redacted]' });
    const [settings] = await events('?resource_type=sso_settings');
    expect(settings).toMatchObject({ resource_id: org.id, action: 'update', after: { email_domains: [domain] } });
  });

  it('never stores a secret: passwords, their hashes, key secrets and credential secrets are redacted', async () => {
    const community = `community-${randomUUID()}`;
    const sharePassword = `share-${randomUUID()}`;
    const credential = expectOk(
      await owner().post('/api/v1/credentials', {
        name: 'snmp',
        organization_id: org.id,
        credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: community } },
        assigned_network_ids: [net],
        host_assignments: [],
        tags: [],
      }),
      201,
    );
    const share = expectOk(
      await owner().post('/api/v1/shares', { network_id: net, name: 'locked', password: sharePassword }),
      201,
    );
    const key = expectOk(await owner().post('/api/v1/auth/keys', { name: 'k' }), 201);
    const user = await addUser(ctx.http, org.owner.session, 'Viewer');
    expectOk(await owner().put(`/api/v1/users/${user.id}`, { password: `${PASSWORD} again` }));

    const stored = JSON.stringify(
      await ctx.t.dataSource.query(`SELECT before, after FROM audit_events WHERE organization_id = $1`, [org.id]),
    );
    for (const secret of [community, sharePassword, key.key, PASSWORD, '$argon2']) expect(stored).not.toContain(secret);

    const [credentialEvent] = await eventsOf(credential.id);
    expect(credentialEvent.after.credential_type.community).toBe('[redacted]');
    const [shareEvent] = await eventsOf(share.id);
    expect(shareEvent.after.password_hash).toBe('[redacted]');
    const [passwordChange] = await events(`?resource_id=${user.id}&action=update`);
    expect(passwordChange.after).toEqual({ password: '[redacted]' });
  });

  it('a write that fails records nothing; a record that cannot be written fails the write', async () => {
    const subnet = await addSubnet(ctx.http, org.owner.session, net, '10.3.0.0/24');
    const other = await addNetwork(ctx.http, org.owner.session);
    expectError(
      await owner().put(`/api/v1/subnets/${subnet}`, { network_id: other, cidr: '10.3.0.0/24' }),
      400,
      'validation_failed',
    );
    expect((await eventsOf(subnet)).map((e: { action: string }) => e.action)).toEqual(['create']);

    const name = `refused-${randomUUID()}`;
    // The trail refuses this one record (a constraint only this test adds): the tag must not exist either.
    await ctx.t.dataSource.query(
      `ALTER TABLE audit_events ADD CONSTRAINT refuse_one CHECK (after->>'name' IS DISTINCT FROM '${name}') NOT VALID`,
    );
    try {
      const reply = await owner().post('/api/v1/tags', { name });
      expect(reply.status).toBe(500);
    } finally {
      await ctx.t.dataSource.query(`ALTER TABLE audit_events DROP CONSTRAINT refuse_one`);
    }
    const tags = expectOk(await owner().get('/api/v1/tags?limit=0')) as { name: string }[];
    expect(tags.map((t) => t.name)).not.toContain(name);
  });

  it('filters by actor, resource, action, network and time, and pages like every list', async () => {
    const key = await addKey(ctx.http, org.owner.session, { permissions: 'Admin' });
    const other = await addNetwork(ctx.http, org.owner.session);
    const before = new Date().toISOString();
    const hosts = [];
    for (let i = 0; i < 3; i++) hosts.push(await addHost(ctx.http, org.owner.session, net));
    const byKey = await addHost(ctx.http, key.bearer, other);
    const after = new Date().toISOString();

    const page = await owner().get('/api/v1/audit-events?resource_type=host&limit=2&offset=1');
    expect(expectOk(page).map((e: { resource_id: string }) => e.resource_id)).toEqual([hosts[2].id, hosts[1].id]);
    expect(page.body.meta.pagination).toEqual({ total_count: 4, limit: 2, offset: 1, has_more: true });
    const past = await owner().get('/api/v1/audit-events?resource_type=host&offset=10');
    expect(past.body.meta.pagination).toMatchObject({ total_count: 4, has_more: false });

    const ids = async (query: string) => (await events(query)).map((e: { resource_id: string }) => e.resource_id);
    expect(await ids(`?actor_type=api_key&actor_id=${key.id}&resource_type=host`)).toEqual([byKey.id]);
    expect(await ids(`?network_id=${other}&action=create&resource_type=host`)).toEqual([byKey.id]);
    expect(await ids(`?resource_type=host&from=${before}&to=${after}`)).toHaveLength(4);
    expect(await ids(`?resource_type=host&to=${before}`)).toEqual([]);
    expect(await ids(`?actor_type=user&actor_id=${org.owner.id}&resource_type=host`)).toEqual(
      hosts.map((h) => h.id).reverse(),
    );

    for (const bad of ['actor_type=robot', 'actor_id=1', 'from=yesterday', 'resource_type=Host!', 'color=red'])
      expectError(await owner().get(`/api/v1/audit-events?${bad}`), 400, 'validation_failed');
  });

  it("shows only the caller's organization; Members and Viewers get 403; a network-scoped key sees its networks' events", async () => {
    const stranger = await registerOrg(ctx.http);
    const foreign = await addNetwork(ctx.http, stranger.owner.session);
    const mine = await events('?limit=0');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e: { resource_id: string }) => e.resource_id !== foreign)).toBe(true);
    expect(await events(`?resource_id=${foreign}`)).toEqual([]);

    for (const role of ['Member', 'Viewer'] as const) {
      const user = await addUser(ctx.http, org.owner.session, role, [net]);
      expectError(await ctx.http.as(user.session).get('/api/v1/audit-events'), 403, 'auth_permission_denied');
    }

    const other = await addNetwork(ctx.http, org.owner.session);
    const admin = await addUser(ctx.http, org.owner.session, 'Admin');
    const scoped = await addKey(ctx.http, admin.session, { permissions: 'Admin', network_ids: [net] });
    await addHost(ctx.http, org.owner.session, net);
    await addHost(ctx.http, org.owner.session, other);
    const seen = (await events('?limit=0', scoped.bearer)) as { network_id: string | null }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((e) => e.network_id))).toEqual(new Set([net]));
    expect(await events(`?network_id=${other}`, scoped.bearer)).toEqual([]);
  });

  it('a history names who made each version, an ingest included', async () => {
    const key = await addKey(ctx.http, org.owner.session, { permissions: 'Admin' });
    const subnet = await addSubnet(ctx.http, org.owner.session, net, '10.4.0.0/24');
    expectOk(
      await ctx.http
        .as(key.bearer)
        .put(`/api/v1/subnets/${subnet}`, { network_id: net, cidr: '10.4.0.0/24', name: 'lab' }),
    );
    const subnetVersions = expectOk(await owner().get(`/api/v1/subnets/${subnet}/history`));
    expect(subnetVersions.map((v: { changed_by: unknown }) => v.changed_by)).toEqual([
      { type: 'api_key', id: key.id, user_id: org.owner.id, request_id: expect.any(String) },
      { type: 'user', id: org.owner.id, user_id: org.owner.id, request_id: expect.any(String) },
    ]);

    const ingested = expectOk(
      await owner().post('/api/v1/discovery/observations', {
        network_id: net,
        observed_at: new Date().toISOString(),
        hosts: [{ hostname: 'seen.lan', ip_addresses: [{ ip_address: '10.4.0.9' }] }],
      }),
    );
    const [hostId] = ingested.host_ids;
    expectOk(await owner().put(`/api/v1/hosts/${hostId}`, { network_id: net, name: 'named' }));
    const hostVersions = expectOk(await owner().get(`/api/v1/hosts/${hostId}/history`));
    expect(hostVersions.map((v: { changed_by: { type: string } }) => v.changed_by.type)).toEqual(['user', 'user']);
    const [ingest] = await events(`?resource_id=${net}&action=observations.ingest`);
    expect(ingest.after).toEqual({ discovery_id: ingested.discovery_id, hosts_created: [hostId], hosts_updated: [] });
    expect(hostVersions[1].changed_by.request_id).toBe(ingest.request_id);
  });
});

describe('AUDIT_RETENTION_DAYS', () => {
  const ctx = useTestApp({ env: { AUDIT_RETENTION_DAYS: '30' } });

  it('the prune deletes events older than the retention, of every organization, and keeps the rest', async () => {
    const orgs = [await registerOrg(ctx.http), await registerOrg(ctx.http)];
    for (const org of orgs)
      await ctx.t.dataSource.query(
        `INSERT INTO audit_events (organization_id, occurred_at, actor_type, resource_type, action)
         VALUES ($1, now() - interval '31 days', 'user', 'tag', 'create'), ($1, now() - interval '29 days', 'user', 'tag', 'update')`,
        [org.id],
      );
    const pruned = await ctx.t.app.get(AuditRetentionService).prune();
    expect(pruned).toBe(2);
    for (const org of orgs) {
      const left = await ctx.t.dataSource.query(
        `SELECT action FROM audit_events WHERE organization_id = $1 AND resource_type = 'tag' ORDER BY action`,
        [org.id],
      );
      expect(left).toEqual([{ action: 'update' }]);
      // The registration's own event is recent and stays.
      expect(
        expectOk(await ctx.http.as(org.owner.session).get('/api/v1/audit-events?resource_type=organization')),
      ).toHaveLength(1);
    }
  });

  it('refuses a retention outside 1..36500 days at start', async () => {
    for (const value of ['0', '-1', '36501', 'a year'])
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value })).toThrow('AUDIT_RETENTION_DAYS');
    expect(loadConfig({}).auditRetentionDays).toBe(365);
  });
});

describe('the audit prune job', () => {
  const ctx = useTestApp({ env: { DISCOVERY_WORKER: 'true' } });

  it('is scheduled daily with pg-boss where workers run', async () => {
    const rows = await ctx.t.dataSource.query(
      `SELECT name, cron, options->>'tz' AS tz FROM pgboss.schedule WHERE name = 'audit-prune'`,
    );
    expect(rows).toEqual([{ name: 'audit-prune', cron: '17 3 * * *', tz: 'UTC' }]);
  });
});
