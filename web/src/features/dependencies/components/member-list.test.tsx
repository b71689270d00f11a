import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { moveMember, removeMember } from '../path';
import { MemberList } from './member-list';

function Chain({ initial }: { initial: string[] }) {
  const [ids, setIds] = useState(initial);
  return (
    <MemberList
      type="RequestPath"
      ids={ids}
      label={(id) => `${id}:80`}
      onMove={(from, to) => setIds((m) => moveMember(m, from, to))}
      onRemove={(i) => setIds((m) => removeMember(m, i))}
      onMakeHub={() => undefined}
    />
  );
}

const order = () =>
  screen.getAllByRole('listitem').map((li) => li.querySelector('.dependency-member-label')?.textContent);
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('the chosen services', () => {
  afterEach(cleanup);

  it('moves a member with its buttons and keeps the keyboard focus on it', async () => {
    render(<Chain initial={['web', 'api', 'db']} />);
    const up = screen.getByRole('button', { name: 'Move db:80 up' });
    up.focus();
    fireEvent.click(up);
    await nextFrame();
    expect(order()).toEqual(['web:80', 'db:80', 'api:80']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move db:80 up' }));
    fireEvent.click(document.activeElement!);
    await nextFrame();
    expect(order()).toEqual(['db:80', 'web:80', 'api:80']);
    // At the top "up" is disabled: the focus goes to "down" rather than being lost.
    expect(screen.getByRole('button', { name: 'Move db:80 up' })).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move db:80 down' }));
  });

  it('removes a member and says how to start when none is left', () => {
    render(<Chain initial={['web']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove web:80' }));
    expect(screen.getByText(/No service chosen yet/)).toBeTruthy();
  });
});
