import { randomUUID } from 'node:crypto';
import type { Role, TenantContext } from '../../src/common/auth/tenant-context';
import { Credentials, expectOk, HttpClient, sessionCookieOf } from './http';

export const PASSWORD = 'correct horse battery staple';

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID()}@example.test`;

export interface Member {
  id: string;
  email: string;
  session: Credentials;
}

export interface Org {
  id: string;
  owner: Member;
}

/** A fresh organization through the public API, with its Owner logged in. */
export async function registerOrg(http: HttpClient, name = `Org ${randomUUID().slice(0, 8)}`): Promise<Org> {
  const email = uniqueEmail('owner');
  const reply = await http
    .as()
    .post('/api/auth/register', { email, password: PASSWORD, name: 'Owner', organization_name: name });
  const user = expectOk(reply, 201);
  return { id: user.organization_id, owner: { id: user.id, email, session: { cookie: sessionCookieOf(reply) } } };
}

export async function login(http: HttpClient, email: string, password = PASSWORD): Promise<Credentials> {
  return { cookie: sessionCookieOf(await http.as().post('/api/auth/login', { email, password })) };
}

/** A user added by an admin, then logged in. */
export async function addUser(
  http: HttpClient,
  admin: Credentials,
  role: Role,
  networkIds: string[] = [],
): Promise<Member> {
  const email = uniqueEmail(role.toLowerCase());
  const user = expectOk(
    await http
      .as(admin)
      .post('/api/v1/users', { email, name: role, role, password: PASSWORD, network_ids: networkIds }),
    201,
  );
  return { id: user.id, email, session: await login(http, email) };
}

export async function addNetwork(
  http: HttpClient,
  admin: Credentials,
  body: Record<string, unknown> = {},
): Promise<string> {
  return expectOk(await http.as(admin).post('/api/v1/networks', { name: `net-${randomUUID()}`, ...body }), 201).id;
}

export async function addKey(
  http: HttpClient,
  owner: Credentials,
  body: Record<string, unknown> = {},
): Promise<{ id: string; bearer: Credentials }> {
  const key = expectOk(await http.as(owner).post('/api/v1/auth/keys', { name: `key-${randomUUID()}`, ...body }), 201);
  return { id: key.id, bearer: { bearer: key.key } };
}

/** The context the owner's session resolves to, for calling a repository directly. */
export const ownerContext = (org: Org): TenantContext => ({
  organizationId: org.id,
  userId: org.owner.id,
  role: 'Owner',
  networkIds: 'all',
  via: 'session',
});
