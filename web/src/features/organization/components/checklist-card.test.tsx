import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { checklistOf } from '../checklist';
import { ChecklistCard } from './checklist-card';

afterEach(cleanup);

function renderCard(welcome: boolean) {
  const steps = checklistOf(['OrgCreated', 'FirstNetworkCreated'], {
    networks: 1,
    firstNetworkId: 'n1',
    subnets: 0,
    credentials: 0,
    keys: 0,
    members: 1,
  });
  const router = createMemoryRouter([{ path: '/', element: <ChecklistCard steps={steps} welcome={welcome} /> }]);
  render(<RouterProvider router={router} />);
}

describe('the checklist card', () => {
  it('counts what is done, marks each step for screen readers, and links only the steps left', () => {
    renderCard(true);
    expect(screen.getByRole('heading', { name: 'Get started' })).toBeTruthy();
    expect(screen.getByText('1 of 9 done')).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    const network = items.find((li) => li.textContent?.includes('Create a network'))!;
    expect(network.textContent).toContain('(done)');
    expect(within(network).queryByRole('link')).toBeNull();
    const subnet = items.find((li) => li.textContent?.includes('Add a subnet'))!;
    expect(subnet.textContent).toContain('(to do)');
    expect(within(subnet).getByRole('link', { name: 'Add a subnet' }).getAttribute('href')).toBe('/networks/n1');
    const profile = items.find((li) => li.textContent?.includes('Tell us about your team'))!;
    expect(within(profile).getByRole('link').getAttribute('href')).toBe('#profile');
  });

  it('titles itself "Getting started" outside the welcome', () => {
    renderCard(false);
    expect(screen.getByRole('heading', { name: 'Getting started' })).toBeTruthy();
  });
});
