// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markOutboxOutdated } from '@/lib/outbox/outdated';
import { UpdatePrompt } from './update-prompt';

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({ needRefresh: [false, () => undefined], offlineReady: [false, () => undefined], updateServiceWorker: async () => undefined }),
}));

afterEach(cleanup);

describe('the update prompt', () => {
  it('says nothing while this build is current, and asks for a reload once another tab upgraded the outbox', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => markOutboxOutdated());
    expect(screen.getByRole('alert').textContent).toContain('This site was updated in another tab.');
    expect(screen.getByRole('button', { name: 'Reload to update' })).toBeTruthy();
  });
});
