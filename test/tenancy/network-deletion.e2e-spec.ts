import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addKey, addNetwork, registerOrg } from '../support/tenants';

/** A deleted network leaves the API keys scoped to it: auth's cleanup runs through tenancy's NetworkHooks. */
describe('deleting a network', () => {
  const ctx = useTestApp();

  it('takes it off the keys scoped to it, which keep their other networks', async () => {
    const org = await registerOrg(ctx.http);
    const [n1, n2] = [await addNetwork(ctx.http, org.owner.session), await addNetwork(ctx.http, org.owner.session)];
    const both = await addKey(ctx.http, org.owner.session, { permissions: 'Admin', network_ids: [n1, n2] });
    const only = await addKey(ctx.http, org.owner.session, { permissions: 'Admin', network_ids: [n1] });

    expectOk(await ctx.http.as(org.owner.session).delete(`/api/v1/networks/${n1}`));

    const keys = expectOk(await ctx.http.as(org.owner.session).get('/api/v1/auth/keys'));
    const networksOf = (id: string) => keys.find((k: { id: string }) => k.id === id).network_ids;
    expect(networksOf(both.id)).toEqual([n2]);
    expect(networksOf(only.id)).toEqual([]);
    expect(expectOk(await ctx.http.as(only.bearer).get('/api/v1/networks'))).toEqual([]);
  });

  it('that the caller cannot reach is 404 and leaves every key alone', async () => {
    const org = await registerOrg(ctx.http);
    const [n1, n2] = [await addNetwork(ctx.http, org.owner.session), await addNetwork(ctx.http, org.owner.session)];
    const key = await addKey(ctx.http, org.owner.session, { permissions: 'Admin', network_ids: [n1] });
    const elsewhere = await addKey(ctx.http, org.owner.session, { permissions: 'Admin', network_ids: [n2] });

    expectError(await ctx.http.as(elsewhere.bearer).delete(`/api/v1/networks/${n1}`), 404, 'entity_not_found');

    const keys = expectOk(await ctx.http.as(org.owner.session).get('/api/v1/auth/keys'));
    expect(keys.find((k: { id: string }) => k.id === key.id).network_ids).toEqual([n1]);
  });
});
