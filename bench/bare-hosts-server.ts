import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { SERVER_VERSION } from '../src/common/http/versions';

/**
 * The floor for GET /api/v1/hosts: a bare Fastify + pg server that answers GET /hosts?limit=&offset=
 * [&include_children=false] for one organization's live hosts (no auth, no validation, no Nest) with ONE
 * statement that builds the whole page, envelope included, as JSON text in PostgreSQL: the same hosts in the
 * same order (created_at, id) with the same fields and children as the app's answer. limit=0 is every host.
 * Timestamps come in PostgreSQL's JSON form (…T02:19:22.123456+00:00) rather than JavaScript's (….123Z).
 */
const columns = (alias: string) => `${alias}.id, ${alias}.network_id, ${alias}.created_at, ${alias}.updated_at,
  COALESCE(${alias}.last_seen_at, ${alias}.created_at) AS last_seen_at, ${alias}.valid_from, ${alias}.valid_to,
  ${alias}.first_discovery_id, ${alias}.last_discovery_id, ${alias}.lineage_id`;
const live = (alias: string) =>
  `${alias}.organization_id = p.organization_id AND ${alias}.host_id = p.id AND ${alias}.valid_to IS NULL`;
const list = (select: string, order: string) =>
  `COALESCE((SELECT json_agg(c ORDER BY ${order}) FROM (${select}) c), '[]')`;

const CHILDREN = {
  ip_addresses: list(
    `SELECT ${columns('i')}, i.host_id, i.subnet_id, host(i.ip_address) AS ip_address, i.mac_address, i.name, i.position
     FROM ip_addresses i WHERE ${live('i')}`,
    'c.position, c.id',
  ),
  ports: list(
    `SELECT ${columns('o')}, o.host_id, o.number, o.protocol, o.type FROM ports o WHERE ${live('o')}`,
    'c.number, c.protocol, c.id',
  ),
  services: list(
    `SELECT ${columns('s')}, s.host_id, s.name, s.position, s.service_definition, s.source, s.tags, s.virtualization,
       ${list(
         `SELECT ${columns('b')}, b.service_id, b.type, b.ip_address_id, b.port_id FROM bindings b
          WHERE b.organization_id = s.organization_id AND b.host_id = s.host_id AND b.service_id = s.id AND b.valid_to IS NULL`,
         'c.id',
       )} AS bindings
     FROM services s WHERE ${live('s')}`,
    'c.position, c.id',
  ),
  interfaces: list(
    `SELECT ${columns('f')}, f.host_id, f.ip_address_id, f.admin_status, f.oper_status, f.if_alias, f.if_descr, f.if_name,
       f.if_index, f.if_type, f.speed_bps::float8 AS speed_bps, f.mac_address, f.cdp_address, f.cdp_device_id, f.cdp_platform,
       f.cdp_port_id, f.lldp_chassis_id, f.lldp_mgmt_addr, f.lldp_port_desc, f.lldp_port_id, f.lldp_sys_desc, f.lldp_sys_name,
       f.neighbor
     FROM interfaces f WHERE ${live('f')}`,
    'c.if_index, c.id',
  ),
};

const HOST = (
  withChildren: boolean,
) => `SELECT p.id, p.network_id, p.name, p.hostname, p.description, p.hidden, p.source,
    p.virtualization, p.device_type, p.vendor, p.model, p.os, p.location, p.identity_sources, p.created_at, p.updated_at, COALESCE(p.last_seen_at, p.created_at) AS last_seen_at, p.valid_from,
    p.valid_to, p.first_discovery_id, p.last_discovery_id,
    (p.source->>'type' = 'Discovery' AND p.last_seen_at IS NOT NULL
      AND p.last_seen_at < now() - make_interval(hours => COALESCE(p.stale_after_hours, 672))) AS stale,
    COALESCE((SELECT json_agg(t.tag_id ORDER BY t.tag_id) FROM host_tags t WHERE ${live('t')}), '[]') AS tags,
    COALESCE((SELECT json_agg(json_build_object('credential_id', a.credential_id, 'ip_address_ids', a.ip_address_ids)
      ORDER BY a.credential_id) FROM credential_hosts a WHERE a.organization_id = p.organization_id AND a.host_id = p.id), '[]')
      AS credential_assignments,
    ${Object.entries(CHILDREN)
      .map(([name, sql]) => `${withChildren ? sql : `'[]'::json`} AS ${name}`)
      .join(',\n    ')}`;

const PAGE = (withChildren: boolean) => `WITH page AS (
    SELECT h.*, n.stale_after_hours FROM hosts h JOIN networks n ON n.organization_id = h.organization_id AND n.id = h.network_id
    WHERE h.organization_id = $1 AND h.valid_to IS NULL ORDER BY h.created_at, h.id LIMIT $2 OFFSET $3),
  total AS (SELECT count(*)::int AS n FROM hosts h WHERE h.organization_id = $1 AND h.valid_to IS NULL)
  SELECT json_build_object('success', true,
    'data', COALESCE((SELECT json_agg(x ORDER BY x.created_at, x.id) FROM (${HOST(withChildren)} FROM page p) x), '[]'),
    'meta', json_build_object('api_version', 1, 'server_version', $4::text, 'request_id', $5::text,
      'pagination', json_build_object('total_count', total.n, 'limit', $6::int, 'offset', $3::int,
        'has_more', $3::int + (SELECT count(*) FROM page) < total.n)))::text AS body
  FROM total`;

export interface BareHostsServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the bare server for `organizationId` on 127.0.0.1 (a free port) over its own pool of `poolMax` connections. */
export async function startBareHostsServer(
  databaseUrl: string,
  organizationId: string,
  poolMax = 5,
): Promise<BareHostsServer> {
  const pool = new Pool({ connectionString: databaseUrl, max: poolMax });
  // A closing client that the scratch database's DROP ... WITH (FORCE) cuts: expected, not a failure.
  pool.on('error', () => undefined);
  const statements = { true: PAGE(true), false: PAGE(false) };
  const app: FastifyInstance = Fastify({ logger: false });
  app.get<{ Querystring: { limit?: string; offset?: string; include_children?: string } }>(
    '/hosts',
    async (request, reply) => {
      const limit = Number(request.query.limit ?? 50);
      const offset = Number(request.query.offset ?? 0);
      const withChildren = request.query.include_children !== 'false';
      const { rows } = await pool.query<{ body: string }>(statements[`${withChildren}`], [
        organizationId,
        limit === 0 ? null : limit,
        offset,
        SERVER_VERSION,
        randomUUID(),
        limit,
      ]);
      return reply.type('application/json; charset=utf-8').send(rows[0].body);
    },
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
