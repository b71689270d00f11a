import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostVersion } from '../api';
import { HistoryTimeline } from './history-timeline';

const HOST = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const version = (from: string, to: string | null, fields: Partial<HostVersion> = {}) =>
  ({
    id: `${HOST}-${from}`,
    lineage_id: to ? HOST : null,
    network_id: 'n1',
    name: 'app-01',
    hostname: '',
    description: '',
    hidden: false,
    source: { type: 'Manual' },
    virtualization: null,
    valid_from: from,
    valid_to: to,
    ...fields,
  }) as HostVersion;

const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-21T10:00:00.000Z';
const T3 = '2026-11-22T10:00:00.000Z';
const networks = [
  { id: 'n1', name: 'Lab' },
  { id: 'n2', name: 'Branch' },
] as Parameters<typeof HistoryTimeline>[0]['networks'];

const renderTimeline = (versions: HostVersion[], at: string | null) =>
  render(
    <MemoryRouter>
      <HistoryTimeline hostId={HOST} versions={versions} at={at} networks={networks} />
    </MemoryRouter>,
  );

afterEach(cleanup);

const text = (element: Element) => element.textContent!.replace(/\s+/g, ' ');

describe('HistoryTimeline', () => {
  it('links each past version to its instant, the live one to now, and marks the one viewed', () => {
    renderTimeline([version(T2, null, { name: 'billing-01', network_id: 'n2' }), version(T1, T2)], T1);
    const [live, first] = [...screen.getByRole('list', { name: 'Versions, newest first' }).children] as HTMLElement[];
    expect(within(live).getByRole('link').getAttribute('href')).toBe(`/hosts/${HOST}`);
    expect(text(live)).toContain('Current');
    expect(text(live)).toContain('Name app-01 → changed to billing-01');
    expect(text(live)).toContain('Network Lab → changed to Branch');
    const older = within(first).getByRole('link');
    expect(older.getAttribute('href')).toBe(`/hosts/${HOST}?at=${encodeURIComponent('2026-11-20T10:00:00.001Z')}`);
    expect(older.getAttribute('aria-current')).toBe('true');
    expect(text(first)).toContain('Viewing');
    expect(text(first)).toContain('Created as “app-01”');
  });

  it('shows a deleted host with the deletion on top and no current version', () => {
    renderTimeline([version(T2, T3, { hidden: true }), version(T1, T2)], null);
    const list = screen.getByRole('list', { name: 'Versions, newest first' });
    const top = list.firstElementChild!;
    expect(text(top)).toContain('Deleted');
    expect(text(list)).not.toContain('Current');
    expect(text(list)).toContain('Hidden no → changed to yes');
  });
});
