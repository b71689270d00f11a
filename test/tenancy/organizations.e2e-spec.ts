import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addUser, Org, registerOrg } from '../support/tenants';

describe('organizations, plans and onboarding', () => {
  const ctx = useTestApp();
  let org: Org;
  beforeEach(async () => {
    org = await registerOrg(ctx.http, 'Acme');
  });

  it('GET /api/v1/organizations returns every field of the spec', async () => {
    const data = expectOk(await ctx.http.as(org.owner.session).get('/api/v1/organizations'));
    expect(data).toEqual({
      id: org.id,
      name: 'Acme',
      onboarding: ['OrgCreated'],
      plan: { type: 'Community', features: { api_access: true, max_networks: null, share_views: true } },
      plan_status: { type: 'active' },
      last_downgrade_from_plan: null,
      discount_save_offer_active_until: null,
      discount_save_offer_percent_off: null,
      has_payment_method: false,
      last_discount_at: null,
      last_downgrade_at: null,
      last_paused_at: null,
      next_renewal_at: null,
      trial_end_date: null,
      trial_extended_used: false,
      use_case: null,
      referral_source: null,
      referral_source_other: null,
      company_size: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('only the Owner changes the plan; a downgrade is recorded', async () => {
    const admin = await addUser(ctx.http, org.owner.session, 'Admin');
    expect(
      expectError(
        await ctx.http.as(admin.session).put('/api/v1/organizations/plan', { type: 'Pro' }),
        403,
        'auth_permission_denied',
      ).params,
    ).toEqual({
      required_role: 'Owner',
    });
    const pro = expectOk(await ctx.http.as(org.owner.session).put('/api/v1/organizations/plan', { type: 'Pro' }));
    expect(pro.plan).toEqual({ type: 'Pro', features: { api_access: true, max_networks: 10, share_views: true } });
    expect(pro).toMatchObject({
      last_downgrade_from_plan: { type: 'Community' },
      last_downgrade_at: expect.any(String),
    });
    const up = expectOk(await ctx.http.as(org.owner.session).put('/api/v1/organizations/plan', { type: 'Enterprise' }));
    expect(up).toMatchObject({ plan: { type: 'Enterprise' }, last_downgrade_from_plan: { type: 'Community' } });
    const free = expectOk(await ctx.http.as(org.owner.session).put('/api/v1/organizations/plan', { type: 'Free' }));
    expect(free).toMatchObject({
      plan: { type: 'Free', features: { api_access: false } },
      last_downgrade_from_plan: { type: 'Enterprise' },
    });
    expectError(
      await ctx.http.as(org.owner.session).put('/api/v1/organizations/plan', { type: 'Gold' }),
      400,
      'validation_failed',
    );
  });

  it('referral-source: validated, other needs its text, onboarding gains the step once, resubmission overwrites', async () => {
    const post = (body: unknown) => ctx.http.as(org.owner.session).post('/api/v1/organizations/referral-source', body);
    expectError(await post({ referral_source: 'carrier_pigeon' }), 400, 'validation_failed');
    expectError(await post({}), 400, 'validation_failed');
    const missingOther = await post({ referral_source: 'other' });
    expect(expectError(missingOther, 400, 'validation_failed').params.errors[0]).toMatchObject({
      field: 'referral_source_other',
    });
    expectError(
      await post({ referral_source: 'other', referral_source_other: 'x'.repeat(256) }),
      400,
      'validation_failed',
    );
    expect(expectOk(await post({ referral_source: 'other', referral_source_other: 'a meetup' }))).toEqual({});
    expect(expectOk(await post({ referral_source: 'reddit', referral_source_other: null }))).toEqual({});
    const data = expectOk(await ctx.http.as(org.owner.session).get('/api/v1/organizations'));
    expect(data).toMatchObject({
      referral_source: 'reddit',
      referral_source_other: null,
      onboarding: ['OrgCreated', 'ReferralSourceCompleted'],
    });
  });

  it('profile: job_title is the user, company_size the organization; an empty body is valid', async () => {
    const post = (body: unknown) => ctx.http.as(org.owner.session).post('/api/v1/organizations/profile', body);
    expect(expectOk(await post({}))).toEqual({});
    expect(expectOk(await post({ company_size: '11-50', job_title: 'Network engineer' }))).toEqual({});
    expectError(await post({ company_size: '12' }), 400, 'validation_failed');
    expectError(await post({ job_title: 'x'.repeat(256) }), 400, 'validation_failed');
    const data = expectOk(await ctx.http.as(org.owner.session).get('/api/v1/organizations'));
    expect(data).toMatchObject({ company_size: '11-50', onboarding: ['OrgCreated', 'ProfileCompleted'] });
    const [user] = await ctx.t.dataSource.query(`SELECT job_title FROM users WHERE id = $1`, [org.owner.id]);
    expect(user.job_title).toBe('Network engineer');
    expectOk(await post({ company_size: null }));
    expect(expectOk(await ctx.http.as(org.owner.session).get('/api/v1/organizations')).company_size).toBeNull();
  });

  it('each caller sees only its own organization', async () => {
    const other = await registerOrg(ctx.http, 'Globex');
    expect(expectOk(await ctx.http.as(other.owner.session).get('/api/v1/organizations')).name).toBe('Globex');
    expect(expectOk(await ctx.http.as(org.owner.session).get('/api/v1/organizations')).name).toBe('Acme');
  });
});
