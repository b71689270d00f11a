import { changedFields } from './changes';
import { REDACTED_FIELDS, redact } from './redaction';

describe('audit redaction', () => {
  it('names every secret the API or the database holds', () => {
    expect([...REDACTED_FIELDS].sort()).toEqual(
      [
        'access_token',
        'auth_password',
        'community',
        'key',
        'key_hash',
        'password',
        'password_hash',
        'priv_password',
        'private_key',
        'sealed',
        'secret',
        'session_id',
        'token',
        'token_hash',
        'value',
      ].sort(),
    );
  });

  it('replaces them at any depth, in arrays too, and leaves the rest and absent secrets as they are', () => {
    const at = new Date('2020-01-01T00:00:00Z');
    expect(
      redact({
        name: 'snmp',
        at,
        password_hash: null,
        credential_type: { type: 'SnmpV3', auth_password: { mode: 'Inline', value: 'x' }, priv_password: null },
        list: [{ key: 'nta_secret' }, 'plain'],
      }),
    ).toEqual({
      name: 'snmp',
      at,
      password_hash: null,
      credential_type: { type: 'SnmpV3', auth_password: '[redacted]', priv_password: null },
      list: [{ key: '[redacted]' }, 'plain'],
    });
  });

  it('an update keeps the fields that changed, not version bookkeeping', () => {
    expect(
      changedFields(
        { name: 'a', tags: ['t'], updated_at: 1, valid_from: 1, extra: 'gone' },
        { name: 'b', tags: ['t'], updated_at: 2, valid_from: 2 },
      ),
    ).toEqual({ before: { name: 'a', extra: 'gone' }, after: { name: 'b', extra: null } });
  });
});
