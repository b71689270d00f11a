import { useSsoAvailability } from '../api';

/** The codes GET /api/auth/oidc/callback sends back with (docs/auth.md, "Single sign-on"). */
const SSO_ERRORS: Record<string, string> = {
  sso_not_configured: 'Single sign-on is not set up on this server.',
  sso_provider_unavailable: 'The identity provider could not be reached. Try again in a moment.',
  sso_provider_error: 'The identity provider did not sign you in.',
  sso_state_invalid: 'That sign-in attempt expired or was not started here. Start again.',
  sso_code_invalid: 'That sign-in link was already used or has expired. Start again.',
  sso_token_invalid: 'The identity provider’s answer could not be verified.',
  sso_email_unverified: 'Your identity provider has not verified your email address.',
  sso_no_organization: 'No organization here signs in people with your email domain.',
  sso_domain_claimed_elsewhere: 'Your email domain belongs to another organization; ask your admin.',
  sso_user_not_found: 'You have no account in the organization of your email domain; ask your admin for one.',
};

/** "Sign in with SSO" when the server has single sign-on, and why the last attempt failed. */
export function SsoSignIn({ error }: { error: string | null }) {
  const sso = useSsoAvailability();
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {SSO_ERRORS[error] ?? 'Single sign-on failed.'} <span className="muted">({error})</span>
        </p>
      )}
      {sso.data?.enabled && (
        // A full navigation: the server redirects to the identity provider.
        <a className="button" href={sso.data.login_url}>
          Sign in with SSO
        </a>
      )}
    </>
  );
}
