import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const NET = '11111111-1111-4111-8111-111111111111';
const host = (id: string, name: string) => ({
  id,
  name,
  hostname: `${name}.lan`,
  description: '',
  network_id: NET,
  hidden: false,
  stale: name === 'old-01',
  source: { type: 'Manual' },
  virtualization: null,
  tags: [],
  credential_assignments: [],
  ip_addresses: [{ id: `${id}-ip`, ip_address: '10.0.0.1', mac_address: '', name: '' }],
  ports: [{ id: `${id}-port`, number: 22, protocol: 'Tcp', type: 'Ssh' }],
  services: [],
  interfaces: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  last_seen_at: '2026-11-01T10:00:00.000Z',
});
const WEB = host('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'web-01');
const OLD = host('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'old-01');

const page = (data: unknown[], pagination: object = {}) => ({
  success: true,
  data,
  meta: {
    api_version: 1,
    server_version: 'test',
    request_id: 'r',
    pagination: { total_count: data.length, limit: 50, offset: 0, has_more: false, ...pagination },
  },
});

/** The API as the page sees it; every hosts request is recorded. */
const hostRequests: URLSearchParams[] = [];
const fetchMock = vi.fn(async (input: Request | string) => {
  const url = new URL(typeof input === 'string' ? input : input.url);
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  if (url.pathname === '/api/v1/networks')
    return json(page([{ id: NET, name: 'Lab', created_at: '2026-10-01T00:00:00.000Z' }]));
  if (url.pathname === '/api/v1/tags') return json(page([]));
  if (url.pathname === '/api/v1/hosts') {
    hostRequests.push(url.searchParams);
    const search = url.searchParams.get('search');
    if (search === 'boom')
      return new Response(
        JSON.stringify({ success: false, error: 'The database is resting', code: 'internal_error' }),
        {
          status: 500,
          headers: { 'content-type': 'application/json' },
        },
      );
    const all = [WEB, OLD].filter((h) => !search || h.name.includes(search));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const hosts = all.slice(offset);
    const grouped = url.searchParams.get('group_by') === 'network_id';
    const counts = grouped ? { total_count: 12, group_counts: [{ value: NET, count: 12 }] } : {};
    return json(page(hosts, { total_count: all.length, offset, ...counts }));
  }
  return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
});
vi.stubGlobal('fetch', fetchMock);

// The API client takes fetch when its module loads: import the page after stubbing it.
let HostsPage: ComponentType;
beforeAll(async () => {
  HostsPage = (await import('./hosts-page')).HostsPage;
});
afterEach(() => {
  cleanup();
  hostRequests.length = 0;
});

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/hosts', element: <HostsPage /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { search: () => new URLSearchParams(router.state.location.search) };
}

describe('HostsPage', () => {
  it('debounces the search: the URL and the API see the words once typing pauses', async () => {
    const { search } = renderAt('/hosts');
    await screen.findByRole('link', { name: 'old-01' });
    const box = screen.getByLabelText('Search hosts');
    fireEvent.change(box, { target: { value: 'w' } });
    fireEvent.change(box, { target: { value: 'we' } });
    fireEvent.change(box, { target: { value: 'web' } });
    expect(search().get('q')).toBeNull();
    await waitFor(() => expect(search().get('q')).toBe('web'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'old-01' })).toBeNull());
    expect(hostRequests.map((p) => p.get('search'))).toEqual([null, 'web']);
    expect((box as HTMLInputElement).value).toBe('web');
  });

  it('restores filters, sort and paging from the URL and sends them to the API', async () => {
    renderAt(`/hosts?q=web&network=${NET}&sort=name&dir=desc&size=25&page=2`);
    await screen.findByText('This page is past the last one');
    expect((screen.getByLabelText('Search hosts') as HTMLInputElement).value).toBe('web');
    expect((screen.getByLabelText('Network') as HTMLSelectElement).value).toBe(NET);
    const sent = Object.fromEntries(hostRequests[0]);
    expect(sent).toMatchObject({
      search: 'web',
      network_id: NET,
      order_by: 'name',
      order_direction: 'desc',
      limit: '25',
      offset: '25',
    });
    cleanup();
    renderAt('/hosts?sort=name&dir=desc');
    const header = await screen.findByRole('columnheader', { name: 'Name' });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Hostname' }).getAttribute('aria-sort')).toBe('none');
  });

  it('shows a group header with the count over the whole filtered set, named after the network', async () => {
    renderAt('/hosts?group=network_id');
    const header = await screen.findByRole('columnheader', { name: /Lab\s+12 hosts/ });
    expect(header.getAttribute('scope')).toBe('colgroup');
    const groups = screen.getByRole('region', { name: 'Groups' });
    expect(within(groups).getByText('Lab')).toBeTruthy();
    expect(within(groups).getByText('12')).toBeTruthy();
  });

  it('expands a row through its button, into the URL, and marks stale hosts', async () => {
    const { search } = renderAt('/hosts');
    const toggle = await screen.findByRole('button', { name: /Show .* of web-01/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(toggle));
    expect(search().getAll('open')).toEqual([WEB.id]);
    const region = await screen.findByRole('region', { name: 'Children of web-01' });
    expect(within(region).getByText('Ssh')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Hide .* of web-01/ }).getAttribute('aria-expanded')).toBe('true');
    const oldRow = screen.getByRole('link', { name: 'old-01' }).closest('tr')!;
    expect(within(oldRow).getByText('Stale')).toBeTruthy();
  });

  it('says what went wrong, offers to retry, and tells an empty search from an empty inventory', async () => {
    renderAt('/hosts?q=boom');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is resting');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    cleanup();
    renderAt('/hosts?q=nothing');
    await screen.findByText('No hosts match these filters');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });
});
