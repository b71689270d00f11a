import { describe, expect, it } from 'vitest';
import type { Share } from './api';
import { bodyOf, embedSnippet, emptyForm, formOf, parseDomains, shareStatus, shareUrl } from './share-form';

const share: Share = {
  id: '6b1f6f0e-3c1d-4f4b-9a59-1b0f8f0f0f0f',
  network_id: 'n1',
  name: 'Wall',
  is_enabled: true,
  expires_at: null,
  allowed_domains: ['wiki.example.com'],
  requires_password: true,
  enabled_views: ['Workloads', 'L2Physical'],
  options: { show_minimap: true, show_export_button: false, show_inspect_panel: true, show_zoom_controls: true },
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

describe('parseDomains', () => {
  it('takes host names one per line, by comma or space, and keeps only the host of a pasted address', () => {
    expect(parseDomains(' wiki.example.com\nhttps://Intranet.Example.org:8443/page?x=1,  localhost \n\n')).toEqual([
      'wiki.example.com',
      'intranet.example.org',
      'localhost',
    ]);
    expect(parseDomains('a.example a.example. A.EXAMPLE')).toEqual(['a.example']);
    expect(parseDomains('')).toEqual([]);
  });
});

describe('bodyOf', () => {
  it('creates with the chosen views, options, no password and no domains as null', () => {
    const form = { ...emptyForm('n1'), name: ' Office ' };
    expect(bodyOf(form, false)).toEqual({
      network_id: 'n1',
      name: 'Office',
      is_enabled: true,
      enabled_views: ['L3Logical'],
      options: { show_inspect_panel: true, show_zoom_controls: true, show_minimap: false, show_export_button: true },
      expires_at: null,
      allowed_domains: null,
    });
  });

  it('keeps the password when untouched, replaces it when typed, removes it with null', () => {
    const form = formOf(share);
    expect(bodyOf(form, true)).not.toHaveProperty('password');
    expect(bodyOf({ ...form, password: 'new one' }, true).password).toBe('new one');
    expect(bodyOf({ ...form, password: 'ignored', removePassword: true }, true).password).toBeNull();
    expect(bodyOf({ ...emptyForm('n1'), password: 'pw' }, false).password).toBe('pw');
  });

  it('round-trips a share: views in a stable order, its domains, an expiry as an instant', () => {
    const form = { ...formOf(share), expires_at: '2030-01-02T03:04' };
    const body = bodyOf(form, true);
    expect(body.enabled_views).toEqual(['L2Physical', 'Workloads']);
    expect(body.allowed_domains).toEqual(['wiki.example.com']);
    expect(body.options).toEqual(share.options);
    expect(new Date(body.expires_at!).getTime()).toBe(new Date('2030-01-02T03:04').getTime());
    expect(formOf({ ...share, expires_at: body.expires_at! }).expires_at).toBe('2030-01-02T03:04');
  });
});

describe('links', () => {
  it('builds the public address and an iframe whose attributes cannot be broken out of', () => {
    const url = shareUrl('http://127.0.0.1:3000', share.id);
    expect(url).toBe(`http://127.0.0.1:3000/share/${share.id}`);
    expect(embedSnippet(url, 'Lab "A" <b>')).toBe(
      `<iframe src="${url}" title="Lab &quot;A&quot; &lt;b&gt;" width="100%" height="600" style="border: 0" loading="lazy"></iframe>`,
    );
  });

  it('says whether a share is enabled, disabled or expired', () => {
    expect(shareStatus(share)).toBe('Enabled');
    expect(shareStatus({ ...share, is_enabled: false })).toBe('Disabled');
    expect(shareStatus({ ...share, expires_at: '2000-01-01T00:00:00Z' })).toBe('Expired');
  });
});
