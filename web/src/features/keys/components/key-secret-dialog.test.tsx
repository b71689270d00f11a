import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeySecretDialog } from './key-secret-dialog';

afterEach(cleanup);

const KEY = {
  id: 'k1',
  name: 'CI',
  user_id: 'u',
  organization_id: 'o',
  permissions: 'Member' as const,
  network_ids: null,
  expires_at: null,
  is_enabled: true,
  last_used_at: null,
  created_at: '',
  updated_at: '',
  key: `nta_${'a'.repeat(43)}`,
};

describe('the one-time key dialog', () => {
  it('shows the key once with a warning and a copy button, and closes when stored', () => {
    const onClose = vi.fn();
    render(<KeySecretDialog apiKey={KEY} rotated={false} onClose={onClose} />);
    expect(screen.getByRole('alertdialog', { name: 'API key CI created' })).toBeTruthy();
    expect(screen.getByLabelText('API key').textContent).toBe(KEY.key);
    expect(screen.getByText(/cannot be shown again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says the previous secret is dead after a rotation', () => {
    render(<KeySecretDialog apiKey={KEY} rotated onClose={() => undefined} />);
    expect(screen.getByRole('alertdialog', { name: 'New secret for CI' })).toBeTruthy();
    expect(screen.getByText(/previous secret no longer works/)).toBeTruthy();
  });
});
