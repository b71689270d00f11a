import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Credentials, expectOk, HttpClient, Reply } from './http';

/** A host as GET /api/v1/hosts answers it; tests read only some fields. */
export type Host = Record<string, any> & { id: string }; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

export async function addSubnet(http: HttpClient, who: Credentials, networkId: string, cidr: string): Promise<string> {
  return expectOk(await http.as(who).post('/api/v1/subnets', { network_id: networkId, cidr }), 201).id;
}

export async function addTag(http: HttpClient, who: Credentials, name = `tag-${randomUUID()}`): Promise<string> {
  return expectOk(await http.as(who).post('/api/v1/tags', { name }), 201).id;
}

/** POST /api/v1/hosts; returns the created host as the API answered it. */
export async function addHost(
  http: HttpClient,
  who: Credentials,
  networkId: string,
  body: Record<string, unknown> = {},
): Promise<Host> {
  return expectOk(
    await http.as(who).post('/api/v1/hosts', { network_id: networkId, name: `host-${randomUUID()}`, ...body }),
    201,
  );
}

export const idsOf = (hosts: readonly { id: string }[]): string[] => hosts.map((h) => h.id);

/** The host ids of a successful list reply. */
export const listedIds = (reply: Reply): string[] => idsOf(expectOk(reply));

/**
 * Makes the live row of a host look as discovery left it: `source` {type} and last_seen_at `hoursAgo` hours
 * (fractions allowed) before the database's now(), or exactly `at`; straight in SQL since no endpoint sets these.
 */
export async function setSeen(
  dataSource: DataSource,
  hostId: string,
  seen: { hoursAgo?: number; at?: Date; type?: 'Discovery' | 'Manual' | 'System' },
): Promise<void> {
  const type = seen.type ?? 'Discovery';
  const [, affected] = (await dataSource.query(
    `UPDATE hosts SET source = jsonb_build_object('type', $2::text),
       last_seen_at = COALESCE($3::timestamptz, now() - make_interval(secs => $4::float8 * 3600))
     WHERE id = $1 AND valid_to IS NULL`,
    [hostId, type, seen.at ?? null, seen.hoursAgo ?? null],
  )) as [unknown, number];
  if (affected !== 1) throw new Error(`setSeen: no live host ${hostId}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
