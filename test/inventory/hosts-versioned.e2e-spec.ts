import { versionedResourceSuite } from '../support/versioned-resource-suite';

versionedResourceSuite('hosts', {
  entity: 'host',
  route: '/api/v1/hosts',
  body: async (_tenant, networkId) => ({ network_id: networkId, name: 'web', hostname: 'web.example.test' }),
  update: (body) => ({
    body: { ...body, name: 'web, renamed' },
    expect: { name: 'web, renamed', hostname: body.hostname },
  }),
});
