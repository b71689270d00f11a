import type { ApiKey, CreateKeyBody, KeyPermission } from './api';

export const PERMISSIONS: KeyPermission[] = ['Viewer', 'Member', 'Admin'];
const RANK = ['Viewer', 'Member', 'Admin', 'Owner'];

/** A key never acts above its owner: the permissions a person may give a key. */
export function permissionsFor(role: string | undefined): KeyPermission[] {
  const rank = RANK.indexOf(role ?? '');
  return PERMISSIONS.filter((p) => RANK.indexOf(p) <= rank);
}

export interface KeyForm {
  name: string;
  permissions: KeyPermission;
  /** 'all': every network the owner may access (network_ids null), also those created later. */
  scope: 'all' | 'some';
  networkIds: string[];
  /** yyyy-mm-dd of an <input type="date">, or '' for no expiry. */
  expiresOn: string;
}

export const EMPTY_KEY_FORM: KeyForm = { name: '', permissions: 'Viewer', scope: 'all', networkIds: [], expiresOn: '' };

/** The form for an existing key: its scope, and its expiry as the local day it falls on. */
export function keyFormOf(key: ApiKey): KeyForm {
  const expires = key.expires_at ? new Date(key.expires_at) : undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    name: key.name,
    permissions: key.permissions,
    scope: key.network_ids === null ? 'all' : 'some',
    networkIds: key.network_ids ?? [],
    expiresOn: expires ? `${expires.getFullYear()}-${pad(expires.getMonth() + 1)}-${pad(expires.getDate())}` : '',
  };
}

/** The key expires at the end of the chosen day, in the browser's time zone. */
export function keyBodyOf(form: KeyForm): CreateKeyBody {
  return {
    name: form.name.trim(),
    permissions: form.permissions,
    network_ids: form.scope === 'all' ? null : form.networkIds,
    expires_at: form.expiresOn ? new Date(`${form.expiresOn}T23:59:59`).toISOString() : null,
  };
}

export type KeyState = 'Enabled' | 'Disabled' | 'Expired';

export function keyState(key: Pick<ApiKey, 'is_enabled' | 'expires_at'>, now = Date.now()): KeyState {
  if (key.expires_at && new Date(key.expires_at).getTime() <= now) return 'Expired';
  return key.is_enabled ? 'Enabled' : 'Disabled';
}
