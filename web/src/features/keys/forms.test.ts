import { describe, expect, it } from 'vitest';
import { EMPTY_KEY_FORM, keyBodyOf, keyState, permissionsFor } from './forms';

describe('API key form', () => {
  it('sends null networks for "every network" and the chosen ids otherwise', () => {
    expect(keyBodyOf({ ...EMPTY_KEY_FORM, name: ' ci ', networkIds: ['n1'] })).toEqual({
      name: 'ci',
      permissions: 'Viewer',
      network_ids: null,
      expires_at: null,
    });
    expect(keyBodyOf({ ...EMPTY_KEY_FORM, name: 'ci', scope: 'some', networkIds: ['n1'] }).network_ids).toEqual(['n1']);
  });

  it('expires at the end of the chosen local day', () => {
    const expires = new Date(keyBodyOf({ ...EMPTY_KEY_FORM, name: 'x', expiresOn: '2027-03-01' }).expires_at!);
    expect([expires.getFullYear(), expires.getMonth(), expires.getDate(), expires.getHours()]).toEqual([
      2027, 2, 1, 23,
    ]);
  });

  it('offers no permission above the owner role', () => {
    expect(permissionsFor('Viewer')).toEqual(['Viewer']);
    expect(permissionsFor('Member')).toEqual(['Viewer', 'Member']);
    expect(permissionsFor('Owner')).toEqual(['Viewer', 'Member', 'Admin']);
    expect(permissionsFor(undefined)).toEqual([]);
  });

  it('shows an expired key as expired whatever its switch says', () => {
    const now = Date.parse('2026-11-23T00:00:00Z');
    expect(keyState({ is_enabled: true, expires_at: '2026-11-22T00:00:00Z' }, now)).toBe('Expired');
    expect(keyState({ is_enabled: false, expires_at: null }, now)).toBe('Disabled');
    expect(keyState({ is_enabled: true, expires_at: '2027-01-01T00:00:00Z' }, now)).toBe('Enabled');
  });
});
