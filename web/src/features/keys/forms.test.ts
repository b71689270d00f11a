import { describe, expect, it } from 'vitest';
import { EMPTY_KEY_FORM, keyBodyOf, keyFormOf, keyState, permissionsFor } from './forms';

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

  it('edits an existing key from its own values, and sends back the same day', () => {
    const expires = new Date(2027, 5, 30, 23, 59, 59).toISOString();
    const form = keyFormOf({ name: 'ci', permissions: 'Member', network_ids: ['n1'], expires_at: expires } as never);
    expect(form).toEqual({
      name: 'ci',
      permissions: 'Member',
      scope: 'some',
      networkIds: ['n1'],
      expiresOn: '2027-06-30',
    });
    expect(keyBodyOf(form).expires_at).toBe(expires);
    expect(
      keyFormOf({ name: 'all', permissions: 'Viewer', network_ids: null, expires_at: null } as never),
    ).toMatchObject({
      scope: 'all',
      networkIds: [],
      expiresOn: '',
    });
  });
});
