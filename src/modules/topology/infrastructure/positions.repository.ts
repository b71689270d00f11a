import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import type { View } from '../domain/graph';
import type { Positions } from '../domain/positions';
import type { PositionsStore } from '../domain/positions-store.port';

/** $1 organization, $2 the caller's networks, $3 network, $4 view. */
function ofView(ctx: TenantContext, networkId: string, view: View) {
  const scope = tenantScope('p', ctx);
  return { where: `${scope.where} AND p.network_id = $3 AND p.view = $4`, params: [...scope.params, networkId, view] };
}

/** The saved layout of a view. */
@Injectable()
export class PositionsRepository implements PositionsStore {
  constructor(private readonly db: Database) {}

  async forView(ctx: TenantContext, networkId: string, view: View) {
    const scope = ofView(ctx, networkId, view);
    const rows = await this.db.query<{ node_id: string; x: number; y: number }>(
      `SELECT p.node_id, p.x, p.y FROM topology_positions p WHERE ${scope.where} ORDER BY p.node_id`,
      scope.params,
    );
    const positions: Positions = {};
    for (const row of rows) positions[row.node_id] = { x: row.x, y: row.y };
    return positions;
  }

  /** Inserts or moves each node; nodes not named keep their place. Writes nothing outside the caller's reach. */
  async merge(ctx: TenantContext, networkId: string, view: View, positions: Positions) {
    const entries = Object.entries(positions);
    if (entries.length === 0) return 0;
    const scope = tenantScope('n', ctx, 'id');
    return this.db.execute(
      `INSERT INTO topology_positions AS p (organization_id, network_id, view, node_id, x, y)
       SELECT n.organization_id, n.id, $4, e.node_id, e.x, e.y
       FROM networks n, unnest($5::text[], $6::float8[], $7::float8[]) AS e (node_id, x, y)
       WHERE ${scope.where} AND n.id = $3
       ON CONFLICT (organization_id, network_id, view, node_id) DO UPDATE SET x = EXCLUDED.x, y = EXCLUDED.y, updated_at = now()
       WHERE p.organization_id = EXCLUDED.organization_id`,
      [
        ...scope.params,
        networkId,
        view,
        entries.map(([id]) => id),
        entries.map(([, p]) => p.x),
        entries.map(([, p]) => p.y),
      ],
    );
  }

  reset(ctx: TenantContext, networkId: string, view: View) {
    const scope = ofView(ctx, networkId, view);
    return this.db.execute(`DELETE FROM topology_positions p WHERE ${scope.where}`, scope.params);
  }
}
