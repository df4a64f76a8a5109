// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDismiss } from './use-dismiss';

afterEach(cleanup);

function Menu({ escape = true }: { escape?: boolean }) {
  const [state, setState] = useState('open');
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(state === 'open', ref, { outside: () => setState('closed from outside'), ...(escape ? { escape: () => setState('closed by Escape') } : {}) });
  return (
    <>
      <div ref={ref}>
        <button type="button">Inside</button>
        <p role="status">{state}</p>
      </div>
      <button type="button">Outside</button>
    </>
  );
}

describe('useDismiss', () => {
  it('closes on a press outside, not inside', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(screen.getByRole('button', { name: 'Inside' }));
    expect(screen.getByRole('status').textContent).toBe('open');
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.getByRole('status').textContent).toBe('closed from outside');
  });

  it('closes on Escape when asked to, and does nothing more once closed', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('status').textContent).toBe('closed by Escape');
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.getByRole('status').textContent).toBe('closed by Escape');
  });

  it('leaves Escape alone without an escape callback', async () => {
    const user = userEvent.setup();
    render(<Menu escape={false} />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('status').textContent).toBe('open');
  });
});
