import { randomUUID } from 'node:crypto';
import type { MatrixRow, World } from '../support/access-matrix';
import { addKey } from '../support/tenants';
import { PASSWORD, uniqueEmail } from '../support/tenants';

const noSso = () => ({
  email_domains: [],
  create_users: false,
  default_role: 'Viewer',
  role_claim: null,
  role_mappings: [],
  password_sign_in: true,
});

const ownersKey = async (w: World) => ({ id: (await addKey(w.http, w.credentials.owner)).id });

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const authRows: MatrixRow[] = [
  { route: 'POST /api/auth/register',              expect: '201 201 201 201 201  201  201  201  201  201',
    body: () => ({ email: uniqueEmail(), password: PASSWORD, name: 'N', organization_name: `O ${randomUUID()}` }) },
  { route: 'POST /api/auth/login',                 expect: '200 200 200 200 200  200  200  200  200  200',
    body: (w) => ({ email: w.users.viewer.email, password: PASSWORD }) },
  { route: 'POST /api/auth/logout',                expect: '200 200 200 200 401  401  401  401  401  200', freshSession: true },
  { route: 'GET /api/auth/me',                     expect: '200 200 200 200 200  403  403  402  401  200' },
  { route: 'GET /api/v1/auth/keys',                expect: '200 200 200 200 401  401  401  401  401  200' },
  { route: 'POST /api/v1/auth/keys',               expect: '201 201 201 201 401  401  401  401  401  201',
    body: () => ({ name: 'matrix key' }) },
  { route: 'GET /api/v1/auth/keys/{id}',           expect: '200 404 404 404 401  401  401  401  401  404', params: ownersKey },
  { route: 'PUT /api/v1/auth/keys/{id}',           expect: '200 404 404 404 401  401  401  401  401  404', params: ownersKey,
    body: () => ({ name: 'renamed' }) },
  { route: 'POST /api/v1/auth/keys/{id}/rotate',   expect: '200 404 404 404 401  401  401  401  401  404', params: ownersKey },
  { route: 'DELETE /api/v1/auth/keys/{id}',        expect: '200 404 404 404 401  401  401  401  401  404', params: ownersKey },
  // The matrix app has no OIDC_ISSUER: login and callback send the browser to /sign-in?sso_error=...
  { route: 'GET /api/auth/oidc',                   expect: '200 200 200 200 200  200  200  200  200  200' },
  { route: 'GET /api/auth/oidc/login',             expect: '302 302 302 302 302  302  302  302  302  302', redirect: true },
  { route: 'GET /api/auth/oidc/callback',          expect: '302 302 302 302 302  302  302  302  302  302', redirect: true },
  { route: 'GET /api/v1/organizations/sso',        expect: '200 200 403 403 401  401  401  401  401  200' },
  { route: 'PUT /api/v1/organizations/sso',        expect: '200 200 403 403 401  401  401  401  401  200', body: noSso },
];
