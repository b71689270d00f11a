import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEntries, SearchBox } from './search-box';

const entries = [
  { id: '1', label: 'web-1', kind: 'host' },
  { id: '2', label: 'db-web', kind: 'host' },
  { id: '3', label: 'eth0', kind: 'interface' },
];

afterEach(cleanup);

describe('matchEntries', () => {
  it('finds labels containing the text, those starting with it first, case aside', () => {
    expect(matchEntries(entries, 'WEB').map((e) => e.label)).toEqual(['web-1', 'db-web']);
    expect(matchEntries(entries, '  ')).toEqual([]);
  });
});

describe('SearchBox', () => {
  it('is a combobox: typing lists matches, arrows move, Enter picks', () => {
    const onPick = vi.fn();
    render(<SearchBox entries={entries} onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Find a node' });
    fireEvent.change(box, { target: { value: 'web' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['web-1 host', 'db-web host']);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('db-web host');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(entries[1]);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open when a person leaves the box and types again before the blur closes it', async () => {
    vi.useFakeTimers();
    try {
      render(<SearchBox entries={entries} onPick={vi.fn()} />);
      const box = screen.getByRole('combobox', { name: 'Find a node' });
      fireEvent.blur(box);
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value: 'eth' } });
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
      expect(box.getAttribute('aria-expanded')).toBe('true');
      fireEvent.blur(box);
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
      expect(box.getAttribute('aria-expanded')).toBe('false');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('SearchBox over the whole network', () => {
  it('adds what the server found beyond the drawing, and says when nothing matched', async () => {
    const onPick = vi.fn();
    const remote = vi.fn(async (text: string) =>
      text === 'db-49' ? [{ id: '9', label: 'db-49', kind: 'host', open: ['group:attached:sw'] }] : [],
    );
    render(<SearchBox entries={entries} onPick={onPick} remote={remote} />);
    const box = screen.getByRole('combobox', { name: 'Find a node' });
    fireEvent.change(box, { target: { value: 'db-49' } });
    const option = await screen.findByRole('option');
    expect(option.textContent).toBe('db-49 host · in a closed group');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: '9', open: ['group:attached:sw'] }));
    fireEvent.change(box, { target: { value: 'nothing-here' } });
    expect(await screen.findByText('Nothing matches “nothing-here”')).toBeTruthy();
    expect(remote).toHaveBeenCalledWith('nothing-here');
  });
});
