import type { DataSource } from 'typeorm';
import { Credentials, HttpClient } from './http';
import { addKey, addNetwork, addUser, login, Org, registerOrg } from './tenants';

/** The callers every route is tried with, in the column order of a row's expectation string. */
export const ACTORS = [
  'owner',
  'admin',
  'member',
  'viewer',
  'scopedKey',
  'disabledKey',
  'expiredKey',
  'noApiKey',
  'anonymous',
  'otherOrg',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * Organization A: Owner, Admin, a Member and a Viewer granted network n1 only, networks n1 and n2, and the
 * Admin's keys: one scoped to n1 (Admin permissions), one disabled, one expired. Organization B is on a
 * plan without API access; its Owner is `otherOrg` and its key `noApiKey`.
 */
export interface World {
  http: HttpClient;
  orgA: Org;
  orgB: Org;
  n1: string;
  n2: string;
  users: Record<'admin' | 'member' | 'viewer', { id: string; email: string }>;
  credentials: Record<Actor, Credentials>;
}

export async function buildWorld(http: HttpClient, dataSource: DataSource): Promise<World> {
  const orgA = await registerOrg(http);
  const owner = orgA.owner.session;
  const n1 = await addNetwork(http, owner);
  const n2 = await addNetwork(http, owner);
  const admin = await addUser(http, owner, 'Admin');
  const member = await addUser(http, owner, 'Member', [n1]);
  const viewer = await addUser(http, owner, 'Viewer', [n1]);
  const scoped = await addKey(http, admin.session, { permissions: 'Admin', network_ids: [n1] });
  const disabled = await addKey(http, admin.session, { permissions: 'Admin', is_enabled: false });
  const expired = await addKey(http, admin.session, { permissions: 'Admin' });
  await dataSource.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);

  const orgB = await registerOrg(http);
  const noApi = await addKey(http, orgB.owner.session, { permissions: 'Admin' });
  await http.as(orgB.owner.session).put('/api/v1/organizations/plan', { type: 'Free' });

  return {
    http,
    orgA,
    orgB,
    n1,
    n2,
    users: { admin, member, viewer },
    credentials: {
      owner,
      admin: admin.session,
      member: member.session,
      viewer: viewer.session,
      scopedKey: scoped.bearer,
      disabledKey: disabled.bearer,
      expiredKey: expired.bearer,
      noApiKey: noApi.bearer,
      anonymous: {},
      otherOrg: orgB.owner.session,
    },
  };
}

/** A fresh session for a session actor (routes that end the session they are called with). */
export async function freshCredentials(world: World, actor: Actor): Promise<Credentials> {
  const emails: Partial<Record<Actor, string>> = {
    owner: world.orgA.owner.email,
    admin: world.users.admin.email,
    member: world.users.member.email,
    viewer: world.users.viewer.email,
    otherOrg: world.orgB.owner.email,
  };
  const email = emails[actor];
  return email ? login(world.http, email) : world.credentials[actor];
}

export interface MatrixRow {
  /** `METHOD /path/{param}` exactly as in the OpenAPI document. */
  route: string;
  /** One status per actor, in ACTORS order, separated by spaces. */
  expect: string;
  /** What this row tries, when a route has several rows. */
  variant?: string;
  /** Path parameters; called once per cell so writes get a fresh target. */
  params?: (world: World) => Promise<Record<string, string>> | Record<string, string>;
  body?: (world: World, actor: Actor) => unknown;
  /** A query string (without `?`) appended to the path. */
  query?: (world: World) => Promise<string> | string;
  /** Each cell logs in anew: for routes that end the session they are called with. */
  freshSession?: boolean;
  /** Successful replies are Server-Sent Events rather than the JSON envelope. */
  eventStream?: boolean;
  /** A browser navigation: success is a redirect with a Location, not the envelope. */
  redirect?: boolean;
}

/** Runs one row: every actor, the exact status each gets. Returns the mismatches (empty when all match). */
export async function runRow(world: World, row: MatrixRow): Promise<string[]> {
  const expected = row.expect.trim().split(/\s+/).map(Number);
  if (expected.length !== ACTORS.length)
    throw new Error(`${row.route}: ${expected.length} statuses for ${ACTORS.length} actors`);
  const [method, template] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const mismatches: string[] = [];
  for (const [index, actor] of ACTORS.entries()) {
    const params = (await row.params?.(world)) ?? {};
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `missing-${name}`);
    const url = row.query ? `${path}?${await row.query(world)}` : path;
    const credentials = row.freshSession ? await freshCredentials(world, actor) : world.credentials[actor];
    const body = method === 'POST' || method === 'PUT' ? (row.body?.(world, actor) ?? {}) : undefined;
    const reply = await world.http.as(credentials).send(method, url, body);
    const envelopeOk =
      row.eventStream && reply.status < 400
        ? String(reply.headers['content-type']).startsWith('text/event-stream')
        : row.redirect && reply.status < 400
          ? typeof reply.headers.location === 'string'
          : typeof reply.body === 'object' && reply.body.success === reply.status < 400;
    if (reply.status !== expected[index] || !envelopeOk) {
      mismatches.push(
        `${actor}: expected ${expected[index]}, got ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`,
      );
    }
  }
  return mismatches;
}

/** Every route of the app, from the OpenAPI document generated from the controllers. */
export async function routeInventory(http: HttpClient): Promise<string[]> {
  const doc = (await http.as().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`),
  );
}
