import { expectOk } from '../support/http';
import { versionedResourceSuite } from '../support/versioned-resource-suite';

versionedResourceSuite('dependencies', {
  entity: 'dependency',
  route: '/api/v1/dependencies',
  // Members must be live services of the dependency's network: a host with two of them first.
  body: async (tenant, networkId) => {
    const services = [
      { name: 'web', service_definition: 'Http' },
      { name: 'db', service_definition: 'Custom' },
    ];
    const host = expectOk(
      await tenant.http.as(tenant.owner).post('/api/v1/hosts', { network_id: networkId, name: 'app', services }),
      201,
    );
    return {
      network_id: networkId,
      name: 'checkout',
      color: 'Blue',
      dependency_type: 'RequestPath',
      edge_style: 'Straight',
      members: { type: 'Services', service_ids: host.services.map((s: { id: string }) => s.id) },
      tags: [],
    };
  },
  update: (body) => ({
    body: { ...body, name: 'checkout, renamed', edge_style: 'Bezier' },
    expect: { name: 'checkout, renamed', edge_style: 'Bezier', members: body.members },
  }),
});
