import { useId } from 'react';
import { Field } from '../../../components/field';
import type { SecretInput } from '../forms';

interface SecretFieldProps {
  label: string;
  value: SecretInput;
  onChange: (value: SecretInput) => void;
  /** Editing a credential that already has this secret: the input replaces it and may stay empty. */
  stored: boolean;
  error?: string;
}

/**
 * A secret is never shown, only replaced: the input starts empty and is a password input. It can also
 * name a file under the server's CREDENTIAL_FILE_ROOT instead of holding the value.
 */
export function SecretField({ label, value, onChange, stored, error }: SecretFieldProps) {
  const modeId = useId();
  const isPath = value.mode === 'FilePath';
  const hint = stored
    ? 'Leave empty to keep the stored secret; anything typed replaces it.'
    : isPath
      ? 'A path under the server’s credential folder (CREDENTIAL_FILE_ROOT).'
      : 'Stored encrypted; it is never shown again.';
  return (
    <div className="secret-field">
      <Field label={stored ? `Replace ${label.toLowerCase()}` : label} hint={hint} error={error}>
        <input
          type={isPath ? 'text' : 'password'}
          autoComplete={isPath ? 'off' : 'new-password'}
          spellCheck={false}
          placeholder={stored ? (isPath ? 'Keep the current file' : '•••••••• (unchanged)') : undefined}
          value={value.value}
          onChange={(e) => onChange({ ...value, value: e.target.value })}
        />
      </Field>
      <div className="field">
        <label htmlFor={modeId}>
          <span className="visually-hidden">{label} </span>Source
        </label>
        <select
          id={modeId}
          value={value.mode}
          onChange={(e) => onChange({ mode: e.target.value as SecretInput['mode'], value: '' })}
        >
          <option value="Inline">Typed value</option>
          <option value="FilePath">File path</option>
        </select>
      </div>
    </div>
  );
}
