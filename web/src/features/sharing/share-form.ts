import { fromLocalInput, toLocalInput } from '../../lib/dates';
import type { Share, ShareBody, ShareView } from './api';

export const VIEW_LABELS: Record<ShareView, string> = {
  L2Physical: 'L2 physical',
  L3Logical: 'L3 logical',
  Workloads: 'Workloads',
  Application: 'Application',
};
export const VIEWS = Object.keys(VIEW_LABELS) as ShareView[];

export type OptionName = keyof NonNullable<ShareBody['options']>;
export const OPTION_LABELS: Record<OptionName, string> = {
  show_inspect_panel: 'Inspect panel (details of a clicked node)',
  show_zoom_controls: 'Zoom controls',
  show_minimap: 'Minimap',
  show_export_button: 'Export button',
};

/** What the form edits; strings as the inputs hold them. */
export interface ShareForm {
  network_id: string;
  name: string;
  is_enabled: boolean;
  enabled_views: ShareView[];
  options: Record<OptionName, boolean>;
  /** A new password; empty keeps the current one (or none on create). */
  password: string;
  removePassword: boolean;
  /** datetime-local value; empty: never expires. */
  expires_at: string;
  /** One host name per line (commas and spaces also separate). */
  allowed_domains: string;
}

export const DEFAULT_OPTIONS: Record<OptionName, boolean> = {
  show_inspect_panel: true,
  show_zoom_controls: true,
  show_minimap: false,
  show_export_button: true,
};

export function emptyForm(networkId = ''): ShareForm {
  return {
    network_id: networkId,
    name: '',
    is_enabled: true,
    enabled_views: ['L3Logical'],
    options: { ...DEFAULT_OPTIONS },
    password: '',
    removePassword: false,
    expires_at: '',
    allowed_domains: '',
  };
}

export function formOf(share: Share): ShareForm {
  return {
    network_id: share.network_id,
    name: share.name,
    is_enabled: share.is_enabled,
    enabled_views: VIEWS.filter((v) => share.enabled_views.includes(v)),
    options: { ...DEFAULT_OPTIONS, ...share.options },
    password: '',
    removePassword: false,
    expires_at: share.expires_at ? toLocalInput(share.expires_at) : '',
    allowed_domains: (share.allowed_domains ?? []).join('\n'),
  };
}

/**
 * The host names of the domains field: the API takes bare host names (no scheme, port or path), so a
 * pasted address such as https://wiki.example.com:8443/page keeps only wiki.example.com.
 */
export function parseDomains(text: string): string[] {
  const hosts = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? entry : `http://${entry}`;
      try {
        return new URL(withScheme).hostname.replace(/\.$/, '');
      } catch {
        return entry.toLowerCase();
      }
    });
  return [...new Set(hosts)];
}

/**
 * The PUT/POST body. The password is write-only: a new one replaces it, "remove" sends null, and an
 * untouched field leaves it out so the server keeps what it has.
 */
export function bodyOf(form: ShareForm, editing: boolean): ShareBody {
  const domains = parseDomains(form.allowed_domains);
  const body: ShareBody = {
    network_id: form.network_id,
    name: form.name.trim(),
    is_enabled: form.is_enabled,
    enabled_views: VIEWS.filter((v) => form.enabled_views.includes(v)),
    options: { ...form.options },
    expires_at: form.expires_at ? (fromLocalInput(form.expires_at) ?? null) : null,
    allowed_domains: domains.length ? domains : null,
  };
  if (form.removePassword && editing) body.password = null;
  else if (form.password) body.password = form.password;
  return body;
}

/** The share's public address and the HTML that embeds it. */
export const shareUrl = (origin: string, id: string) => `${origin}/share/${id}`;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function embedSnippet(url: string, name: string): string {
  return `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(name)}" width="100%" height="600" style="border: 0" loading="lazy"></iframe>`;
}

/** Where a share stands, for the list: off, expired, or live. */
export function shareStatus(share: Pick<Share, 'is_enabled' | 'expires_at'>, now = Date.now()) {
  if (!share.is_enabled) return 'Disabled';
  if (share.expires_at && new Date(share.expires_at).getTime() <= now) return 'Expired';
  return 'Enabled';
}
