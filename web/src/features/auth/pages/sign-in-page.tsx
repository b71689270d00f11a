import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../api/errors';
import { Field } from '../../../components/field';
import { useLogin } from '../api';
import { SsoSignIn } from '../components/sso-sign-in';
import { AuthCard } from './auth-card';
import { safeNext } from './safe-next';

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password }, { onSuccess: () => void navigate(safeNext(params.get('next'))) });
  };

  return (
    <AuthCard title="Sign in">
      {params.get('reason') === 'expired' && (
        <p className="notice" role="status">
          Your session has ended. Sign in again to continue.
        </p>
      )}
      <form onSubmit={submit} className="form">
        <Field label="Email">
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field label="Password">
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {login.error && (
          <p className="form-error" role="alert">
            {describeError(login.error)}
          </p>
        )}
        <button type="submit" className="primary" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <SsoSignIn error={params.get('sso_error')} />
      <p className="muted">
        New here? <Link to="/register">Create an organization</Link>
      </p>
    </AuthCard>
  );
}
