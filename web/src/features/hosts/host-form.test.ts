import { describe, expect, it } from 'vitest';
import type { Host } from './api';
import { editedHostBody, emptyAddress, emptyIdentity, formValuesOf, newHostBody } from './host-form';

describe('host form bodies', () => {
  it('creates with trimmed fields, blanks as null, and only the address rows filled in', () => {
    const body = newHostBody({
      network_id: 'n1',
      name: ' web-01 ',
      hostname: '',
      description: 'Front door',
      tag_ids: ['t1'],
      identity: { ...emptyIdentity(), device_type: 'Printer', vendor: ' HP ' },
      addresses: [{ subnet_id: 's1', ip_address: '10.0.0.5', mac_address: '' }, emptyAddress('s1')],
    });
    expect(body).toEqual({
      network_id: 'n1',
      name: 'web-01',
      hostname: null,
      description: 'Front door',
      tags: ['t1'],
      device_type: 'Printer',
      vendor: 'HP',
      ip_addresses: [{ subnet_id: 's1', ip_address: '10.0.0.5' }],
    });
  });

  it('edits by sending the host back as read, with the changed fields', () => {
    const host = {
      id: 'h1',
      network_id: 'n1',
      name: 'web-01',
      hostname: 'web-01.lab',
      description: null,
      tags: [],
      device_type: 'Switch',
      vendor: 'Cisco',
      model: null,
      os: 'IOS XE 17.9.4',
      location: null,
      ip_addresses: [{ id: 'ip1', subnet_id: 's1', ip_address: '10.0.0.5' }],
      created_at: '2026-01-01T00:00:00Z',
    } as unknown as Host;
    const read = formValuesOf(host);
    const values = {
      ...read,
      description: 'Rack 4',
      hostname: '',
      identity: { ...read.identity, os: '', model: 'C9300' },
    };
    // unchanged identity values go back as read (they keep their source); an emptied one is null (back to discovery)
    expect(editedHostBody(host, values)).toEqual({
      ...host,
      description: 'Rack 4',
      hostname: null,
      tags: [],
      model: 'C9300',
      os: null,
    });
  });
});
