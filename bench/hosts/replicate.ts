import type { DataSource } from 'typeorm';
import type { ApiCall } from '../../scripts/seed-network';

/** The tables an ingest writes, parents first. */
const TABLES = ['subnets', 'hosts', 'host_tags', 'ip_addresses', 'ports', 'services', 'bindings', 'interfaces'];
/** uuid columns that name something outside the copied rows, kept as they are. */
const KEPT = ['organization_id', 'network_id', 'tag_id', 'first_discovery_id', 'last_discovery_id'];
/** A copied row's id: the source id hashed with the copy number, so references between copied rows still meet. */
const copyId = (expression: string) => `md5((${expression}) || '/' || copy.k)::uuid`;

/**
 * Multiplies an ingested network by SQL, for sizes that ingest would take too long to seed: `copies` new
 * networks (made through the API), each with every row of `sourceNetworkId` in the tables above, the same
 * columns with new ids (references, the interfaces' `neighbor` included, follow them). Hosts, children and
 * links are exactly the ingest's output; one INSERT ... SELECT per table for all copies.
 */
export async function replicateNetwork(
  dataSource: DataSource,
  call: ApiCall,
  sourceNetworkId: string,
  copies: number,
): Promise<string[]> {
  const networks: string[] = [];
  for (let k = 1; k <= copies; k++) {
    const reply = await call('POST', '/api/v1/networks', { name: `copy ${k}` });
    if (reply.status !== 201) throw new Error(`network: ${reply.status} ${reply.body}`);
    networks.push((JSON.parse(reply.body) as { data: { id: string } }).data.id);
  }
  for (const table of TABLES) {
    const columns = (
      await dataSource.query<{ name: string; type: string }[]>(
        `SELECT column_name AS name, data_type AS type FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [table],
      )
    ).map(({ name, type }) => ({
      name,
      value:
        name === 'network_id'
          ? 'copy.network_id'
          : name === 'neighbor'
            ? `CASE WHEN t.neighbor IS NULL THEN NULL ELSE t.neighbor || jsonb_build_object('host_id', ${copyId(`t.neighbor->>'host_id'`)},
                'interface_id', ${copyId(`t.neighbor->>'interface_id'`)}) END`
            : type === 'uuid' && !KEPT.includes(name)
              ? copyId(`t.${name}::text`)
              : `t.${name}`,
    }));
    await dataSource.query(
      `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')})
       SELECT ${columns.map((c) => c.value).join(', ')}
       FROM ${table} t CROSS JOIN unnest($2::uuid[]) WITH ORDINALITY AS copy(network_id, k) WHERE t.network_id = $1`,
      [sourceNetworkId, networks],
    );
  }
  return networks;
}
