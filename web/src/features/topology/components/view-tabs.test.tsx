import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewTabs } from './view-tabs';

afterEach(cleanup);

describe('ViewTabs', () => {
  it('is a tablist whose arrows, Home and End pick the next view, wrapping around', () => {
    const onChange = vi.fn();
    render(<ViewTabs view="L2Physical" onChange={onChange} panelId="p" />);
    const current = screen.getByRole('tab', { selected: true });
    expect(current.textContent).toBe('L2 physical');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    fireEvent.keyDown(current, { key: 'ArrowRight' });
    fireEvent.keyDown(current, { key: 'ArrowLeft' });
    fireEvent.keyDown(current, { key: 'End' });
    expect(onChange.mock.calls.map(([v]) => v)).toEqual(['L3Logical', 'Application', 'Application']);
  });
});
