import { expectError, expectOk, type HttpClient, type Reply } from '../support/http';
import { useTestApp } from '../support/test-app';
import { type Org, registerOrg } from '../support/tenants';

const errorsOf = (reply: Reply) => expectError(reply, 400, 'validation_failed').params.errors;

describe('validation errors: one clear message per field', () => {
  const ctx = useTestApp();
  let org: Org;
  let me: HttpClient;

  beforeAll(async () => {
    org = await registerOrg(ctx.http);
    me = ctx.http.as(org.owner.session);
  });

  it('says what is required, and when', async () => {
    expect(errorsOf(await me.post('/api/v1/organizations/referral-source', { referral_source: 'other' }))).toEqual([
      {
        field: 'referral_source_other',
        rule: 'isDefined',
        message: 'referral_source_other is required when referral_source is other',
      },
    ]);
    const credential = {
      name: 'snmp',
      organization_id: org.id,
      credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'v' } },
      assigned_network_ids: [],
      host_assignments: [],
    };
    expect(errorsOf(await me.post('/api/v1/credentials', credential))).toEqual([
      { field: 'tags', rule: 'isDefined', message: 'tags is required' },
    ]);
  });

  it('reports a value of the wrong kind once, by its kind, not by every rule it breaks', async () => {
    expect(errorsOf(await me.post('/api/v1/tags', { name: 7 }))).toEqual([
      { field: 'name', rule: 'isString', message: 'name must be a string' },
    ]);
    const errors = errorsOf(await me.post('/api/v1/networks', { name: ['x'], description: 5, tags: 'a' }));
    expect(errors.map((e: { field: string; rule: string }) => [e.field, e.rule])).toEqual([
      ['name', 'isString'],
      ['description', 'isString'],
      ['tags', 'isArray'],
    ]);
  });

  it.each([
    ['at=0', 'at', 'at must be an ISO 8601 date-time'],
    ['at=2020-02-30T00:00:00Z', 'at', 'at must be an ISO 8601 date-time'],
    ['at=2020-02-01', 'at', 'at must be an ISO 8601 date-time'],
    ['at=2020-02-01T25:00:00Z', 'at', 'at must be an ISO 8601 date-time'],
    ['limit=0x10', 'limit', 'limit must be an integer number'],
    ['limit=%2010', 'limit', 'limit must be an integer number'],
    ['offset=1e3', 'offset', 'offset must be an integer number'],
    ['include_children=yes', 'include_children', 'include_children must be a boolean value'],
    ['stale=1', 'stale', 'stale must be a boolean value'],
  ])('GET /api/v1/hosts?%s is 400 naming %s', async (query, field, message) => {
    expect(errorsOf(await me.get(`/api/v1/hosts?${query}`))).toEqual([{ field, rule: expect.any(String), message }]);
  });

  it('takes well-formed query values', async () => {
    for (const query of [
      'at=2020-02-29T00:00:00Z',
      'at=2020-02-29T10:20:30.123%2B02:00',
      'limit=10&offset=1000',
      'limit=&include_children=false&stale=true',
    ])
      expectOk(await me.get(`/api/v1/hosts?${query}`));
    expect(expectError(await me.get('/api/v1/hosts?limit=1001'), 400, 'validation_out_of_range').params).toEqual({
      field: 'limit',
      min: 0,
      max: 1000,
    });
  });
});
