import { Injectable } from '@nestjs/common';
import { Database } from '../../../common/database/database';
import type { View } from '../domain/graph';
import type { Positions } from '../domain/positions';
import type { PositionsStore } from '../domain/positions-store.port';

/**
 * The saved layout of a view. Every statement carries the organization and the caller's networks
 * ($1 organization, $2 network, $3 view, $4 permitted networks: null = all of the organization's).
 */
const SCOPE = `p.organization_id = $1 AND p.network_id = $2 AND p.view = $3 AND ($4::uuid[] IS NULL OR p.network_id = ANY ($4::uuid[]))`;

@Injectable()
export class PositionsRepository implements PositionsStore {
  constructor(private readonly db: Database) {}

  async forView(organizationId: string, networkId: string, view: View, scope: readonly string[] | null) {
    const rows = await this.db.query<{ node_id: string; x: number; y: number }>(
      `SELECT p.node_id, p.x, p.y FROM topology_positions p WHERE ${SCOPE} ORDER BY p.node_id`,
      [organizationId, networkId, view, scope],
    );
    const positions: Positions = {};
    for (const row of rows) positions[row.node_id] = { x: row.x, y: row.y };
    return positions;
  }

  /** Inserts or moves each node; nodes not named keep their place. Writes nothing outside the caller's reach. */
  async merge(
    organizationId: string,
    networkId: string,
    view: View,
    scope: readonly string[] | null,
    positions: Positions,
  ) {
    const entries = Object.entries(positions);
    if (entries.length === 0) return 0;
    return this.db.execute(
      `INSERT INTO topology_positions AS p (organization_id, network_id, view, node_id, x, y)
       SELECT n.organization_id, n.id, $3, e.node_id, e.x, e.y
       FROM networks n, unnest($5::text[], $6::float8[], $7::float8[]) AS e (node_id, x, y)
       WHERE n.organization_id = $1 AND n.id = $2 AND ($4::uuid[] IS NULL OR n.id = ANY ($4::uuid[]))
       ON CONFLICT (organization_id, network_id, view, node_id) DO UPDATE SET x = EXCLUDED.x, y = EXCLUDED.y, updated_at = now()
       WHERE p.organization_id = EXCLUDED.organization_id`,
      [
        organizationId,
        networkId,
        view,
        scope,
        entries.map(([id]) => id),
        entries.map(([, p]) => p.x),
        entries.map(([, p]) => p.y),
      ],
    );
  }

  reset(organizationId: string, networkId: string, view: View, scope: readonly string[] | null) {
    return this.db.execute(`DELETE FROM topology_positions p WHERE ${SCOPE}`, [organizationId, networkId, view, scope]);
  }
}
