import { describe, expect, it } from 'vitest';
import type { components } from '../../../../client/schema';
import {
  addMember,
  chainText,
  colorHex,
  COLORS,
  dependencyProblems,
  labelWith,
  makeHub,
  moveMember,
  removeMember,
  servicesOfHosts,
} from './path';

type Host = components['schemas']['HostResponse'];

const host = (name: string, services: { id: string; name: string; port?: number }[]) =>
  ({
    id: `host-${name}`,
    name,
    ports: services
      .filter((s) => s.port)
      .map((s) => ({ id: `port-${s.id}`, number: s.port, protocol: 'Tcp', type: 'Http' })),
    services: services.map((s, position) => ({
      id: s.id,
      name: s.name,
      position,
      service_definition: 'Http',
      bindings: s.port ? [{ id: `b-${s.id}`, type: 'Port', port_id: `port-${s.id}`, ip_address_id: null }] : [],
    })),
  }) as unknown as Host;

describe('ordering the members of a path', () => {
  const path = ['web', 'api', 'db'];

  it('adds at the end, once', () => {
    expect(addMember(['web'], 'api')).toEqual(['web', 'api']);
    expect(addMember(path, 'api')).toEqual(path);
  });

  it('moves a member up or down, keeping the others in order, and clamps at the ends', () => {
    expect(moveMember(path, 2, 1)).toEqual(['web', 'db', 'api']);
    expect(moveMember(path, 0, 1)).toEqual(['api', 'web', 'db']);
    expect(moveMember(path, 0, -1)).toEqual(path);
    expect(moveMember(path, 2, 9)).toEqual(path);
    expect(moveMember(path, 5, 0)).toEqual(path);
  });

  it('removes one and makes another the hub', () => {
    expect(removeMember(path, 1)).toEqual(['web', 'db']);
    expect(makeHub(path, 2)).toEqual(['db', 'web', 'api']);
  });

  it('never mutates the list it is given', () => {
    const frozen = Object.freeze([...path]);
    moveMember(frozen, 0, 2);
    removeMember(frozen, 0);
    addMember(frozen, 'cache');
    expect(frozen).toEqual(path);
  });
});

describe('naming services and chains', () => {
  const options = servicesOfHosts([
    host('web', [{ id: 's1', name: 'nginx', port: 443 }]),
    host('api', [{ id: 's2', name: 'gunicorn', port: 8080 }]),
    host('db', [
      { id: 's3', name: 'postgres', port: 5432 },
      { id: 's4', name: 'backup agent' },
    ]),
  ]);

  it('names a service by its host and port, or its host and name without a port', () => {
    expect(options.map((o) => o.label)).toEqual(['web:443', 'api:8080', 'db:5432', 'db/backup agent']);
  });

  it('writes a request path with arrows and a hub with its spokes', () => {
    const label = labelWith(options);
    expect(chainText('RequestPath', ['s1', 's2', 's3'], label)).toBe('web:443 → api:8080 → db:5432');
    expect(chainText('HubAndSpoke', ['s3', 's1', 's2'], label)).toBe('db:5432 → web:443, api:8080');
    expect(chainText('RequestPath', ['s1', 'gone-0000-id'], label)).toBe('web:443 → service gone-000');
  });

  it('checks name, network and at least two members before sending', () => {
    expect(dependencyProblems({ name: ' ', networkId: '', members: ['s1'] })).toEqual({
      name: 'Give the dependency a name',
      network_id: 'Choose the network of its services',
      members: 'Pick at least two services',
    });
    expect(dependencyProblems({ name: 'x', networkId: 'n', members: ['s1', 's2'] })).toEqual({});
  });

  it('has a colour for each of the 18 the API takes', () => {
    expect(Object.keys(COLORS)).toHaveLength(18);
    expect(colorHex('Nope')).toBe(COLORS.Gray);
  });
});
