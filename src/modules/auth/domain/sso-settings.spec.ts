import { DEFAULT_SSO_SETTINGS, mappedRole } from './sso-settings';

describe('mappedRole', () => {
  const settings = {
    ...DEFAULT_SSO_SETTINGS,
    default_role: 'Member' as const,
    role_claim: 'groups',
    role_mappings: [
      { value: 'viewers', role: 'Viewer' as const },
      { value: 'admins', role: 'Admin' as const },
    ],
  };

  it('gives the highest role among the mapped values of a list claim', () => {
    expect(mappedRole(settings, { groups: ['viewers', 'staff', 'admins'] })).toBe('Admin');
    expect(mappedRole(settings, { groups: ['viewers'] })).toBe('Viewer');
  });

  it('reads a claim that is a single string', () => {
    expect(mappedRole({ ...settings, role_claim: 'role' }, { role: 'admins' })).toBe('Admin');
  });

  it('falls back to the default role without a match, a claim or a claim name', () => {
    expect(mappedRole(settings, { groups: ['staff'] })).toBe('Member');
    expect(mappedRole(settings, {})).toBe('Member');
    expect(mappedRole(settings, { groups: [42, null] })).toBe('Member');
    expect(mappedRole({ ...settings, role_claim: null }, { groups: ['admins'] })).toBe('Member');
  });
});
