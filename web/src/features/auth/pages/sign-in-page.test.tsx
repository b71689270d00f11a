import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** What GET /api/auth/oidc answers in the current test. */
let ssoEnabled = false;
const fetchMock = vi.fn(async (input: Request | string) => {
  const url = new URL(typeof input === 'string' ? input : input.url);
  if (url.pathname === '/api/auth/oidc') {
    const body = {
      success: true,
      data: { enabled: ssoEnabled, login_url: '/api/auth/oidc/login' },
      meta: { api_version: 1, server_version: 'test', request_id: 'r' },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }
  return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
});
vi.stubGlobal('fetch', fetchMock);

// The API client takes fetch when its module loads: import the page after stubbing it.
let SignInPage: ComponentType;
beforeAll(async () => {
  SignInPage = (await import('./sign-in-page')).SignInPage;
});
afterEach(cleanup);

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/sign-in', element: <SignInPage /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { answered: () => client.getQueryState(['sso-availability'])?.status === 'success' };
}

describe('SignInPage', () => {
  it('offers "Sign in with SSO", a link to the server’s login route, when the server has single sign-on', async () => {
    ssoEnabled = true;
    renderAt('/sign-in');
    const button = await screen.findByRole('link', { name: 'Sign in with SSO' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/login');
  });

  it('shows no SSO button when the server has none', async () => {
    ssoEnabled = false;
    const page = renderAt('/sign-in');
    await waitFor(() => expect(page.answered()).toBe(true));
    await act(async () => {}); // React has drawn what the answer says
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).toBeNull();
  });

  it('says why the last single sign-on failed, with its code', async () => {
    ssoEnabled = true;
    renderAt('/sign-in?sso_error=sso_email_unverified');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Your identity provider has not verified your email address. (sso_email_unverified)',
    );
  });
});
