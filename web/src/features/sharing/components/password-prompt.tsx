import { type FormEvent, useState } from 'react';
import { ApiError, describeError } from '../../../api/errors';
import { Field } from '../../../components/field';
import { useVerifySharePassword } from '../api';

function passwordError(error: unknown): string {
  if (error instanceof ApiError && error.code === 'share_password_incorrect')
    return 'That password is not right. Check it and try again.';
  return describeError(error);
}

/** The password of a password share; on success, the access token for its topology. */
export function PasswordPrompt({
  shareId,
  again,
  onToken,
}: {
  shareId: string;
  /** The earlier token stopped working (the password changed or a day passed). */
  again?: boolean;
  onToken: (token: string) => void;
}) {
  const verify = useVerifySharePassword(shareId);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(password, { onSuccess: (answer) => onToken(answer.access_token) });
  };
  return (
    <form className="form share-password card" onSubmit={submit}>
      <h2>This map is protected</h2>
      {again ? (
        <p className="notice" role="status">
          Your access has ended. Enter the password again to keep viewing.
        </p>
      ) : (
        <p className="muted">Enter the password you were given to see it.</p>
      )}
      <Field label="Password">
        <input
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      {verify.error && (
        <p className="form-error" role="alert">
          {passwordError(verify.error)}
        </p>
      )}
      <button type="submit" className="primary" disabled={verify.isPending || password === ''}>
        {verify.isPending ? 'Checking…' : 'View map'}
      </button>
    </form>
  );
}
