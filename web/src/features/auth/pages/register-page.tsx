import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, describeError } from '../../../api/errors';
import { Field } from '../../../components/field';
import { type RegisterBody, useRegister } from '../api';
import { AuthCard } from './auth-card';

const EMPTY: RegisterBody = { name: '', email: '', password: '', organization_name: '' };

export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState(EMPTY);
  const error = register.error instanceof ApiError ? register.error : undefined;
  const set = (field: keyof RegisterBody) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: e.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(form, { onSuccess: () => void navigate('/organization?welcome=1') });
  };

  return (
    <AuthCard title="Create your organization">
      <form onSubmit={submit} className="form">
        <Field label="Your name" error={error?.fieldMessage('name')}>
          <input autoComplete="name" required value={form.name} onChange={set('name')} />
        </Field>
        <Field label="Work email" error={error?.fieldMessage('email')}>
          <input type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        </Field>
        <Field label="Password" hint="At least 10 characters" error={error?.fieldMessage('password')}>
          <input
            type="password"
            autoComplete="new-password"
            required
            minLength={10}
            value={form.password}
            onChange={set('password')}
          />
        </Field>
        <Field label="Organization" error={error?.fieldMessage('organization_name')}>
          <input
            autoComplete="organization"
            required
            value={form.organization_name}
            onChange={set('organization_name')}
          />
        </Field>
        {register.error && error?.code !== 'validation_failed' && (
          <p className="form-error" role="alert">
            {describeError(register.error)}
          </p>
        )}
        <button type="submit" className="primary" disabled={register.isPending}>
          {register.isPending ? 'Creating…' : 'Create organization'}
        </button>
      </form>
      <p className="muted">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </AuthCard>
  );
}
