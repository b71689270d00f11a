import { versionedResourceSuite } from '../support/versioned-resource-suite';

let cidrs = 0;

versionedResourceSuite('subnets', {
  entity: 'subnet',
  route: '/api/v1/subnets',
  body: async (_tenant, networkId) => {
    cidrs += 1;
    return { network_id: networkId, cidr: `10.${cidrs >> 8}.${cidrs & 255}.0/24`, name: 'office', description: '' };
  },
  update: (body) => ({
    body: { ...body, name: 'office, renamed' },
    expect: { cidr: body.cidr, name: 'office, renamed' },
  }),
});
