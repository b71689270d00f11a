import { describe, expect, it } from 'vitest';
import { networkBodyOf, networkFormOf, subnetBodyOf, tagBodyOf } from './forms';

describe('network, subnet and tag forms -> bodies', () => {
  it('turns an empty staleness into the default (null) and trims text', () => {
    const form = { ...networkFormOf(), name: ' Office ', staleAfterHours: '' };
    expect(networkBodyOf(form)).toEqual({ name: 'Office', description: null, stale_after_hours: null, tags: [] });
    expect(networkBodyOf({ ...form, staleAfterHours: '168' }).stale_after_hours).toBe(168);
  });

  it('keeps every field of an edited network (PUT replaces the whole network)', () => {
    const form = networkFormOf({
      id: 'n',
      organization_id: 'o',
      name: 'Lab',
      description: 'rack',
      stale_after_hours: 24,
      effective_stale_after_hours: 24,
      tags: ['t'],
      created_at: '',
      updated_at: '',
    });
    expect(networkBodyOf(form)).toEqual({ name: 'Lab', description: 'rack', stale_after_hours: 24, tags: ['t'] });
  });

  it('sends a subnet with its network and nulls for empty optional text', () => {
    expect(subnetBodyOf('n1', { cidr: ' 10.0.0.0/24 ', name: '', description: '' })).toEqual({
      network_id: 'n1',
      cidr: '10.0.0.0/24',
      name: null,
      description: null,
    });
    expect(tagBodyOf({ name: ' prod ', color: 'Red' })).toEqual({ name: 'prod', color: 'Red' });
  });
});
