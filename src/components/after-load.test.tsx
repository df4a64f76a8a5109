// @vitest-environment jsdom
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The page's idle moments, run by hand: each test decides when the browser is idle.
let idle: Array<() => void> = [];
let AfterLoad: ComponentType<{ children: ReactNode; fallback?: ReactNode }>;
let useAfterLoad: (kind?: 'widget' | 'decoration') => boolean;
let container: HTMLDivElement;
let root: Root;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(async () => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  // The queue of waiting widgets lives in the module: each test starts with a fresh one.
  vi.resetModules();
  ({ AfterLoad } = await import('./after-load'));
  ({ useAfterLoad } = await import('@/hooks/use-after-load'));
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

/** Lets one idle moment pass, and React finish what it started in it. */
async function idleMoment(): Promise<void> {
  const run = idle.shift();
  if (!run) throw new Error('nothing is waiting for an idle moment');
  await act(async () => run());
}

function widgets(names: string[]): ReactNode {
  return names.map((name) => (
    <AfterLoad key={name} fallback={<span>{`${name} waiting`}</span>}>
      <span>{`${name} ready`}</span>
    </AfterLoad>
  ));
}

describe('AfterLoad', () => {
  it('shows its fallback until the page has loaded and the browser is idle', async () => {
    await act(async () => root.render(widgets(['form'])));
    expect(container.textContent).toBe('form waiting');
    await idleMoment();
    expect(container.textContent).toBe('form ready');
    expect(idle).toHaveLength(0);
  });

  it('lets widgets in one per idle moment, the next only once the one before is on the page', async () => {
    await act(async () => root.render(widgets(['badge', 'form', 'prompt'])));
    expect(container.textContent).toBe('badge waitingform waitingprompt waiting');
    // One idle moment is asked for at a time: React would render and commit together every
    // widget let in before it has committed the first.
    expect(idle).toHaveLength(1);
    await idleMoment();
    expect(container.textContent).toBe('badge readyform waitingprompt waiting');
    expect(idle).toHaveLength(1);
    await idleMoment();
    expect(container.textContent).toBe('badge readyform readyprompt waiting');
    await idleMoment();
    expect(container.textContent).toBe('badge readyform readyprompt ready');
    expect(idle).toHaveLength(0);
  });

  it('asks for the next idle moment only once React has put the widget let in on the page', async () => {
    await act(async () => root.render(widgets(['badge', 'form'])));
    // As in the browser: React renders and commits in tasks of its own, not inside act().
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      idle.shift()!();
      expect(container.textContent).toBe('badge waitingform waiting');
      expect(idle).toHaveLength(0);
      await vi.waitFor(() => expect(idle).toHaveLength(1));
      expect(container.textContent).toBe('badge readyform waiting');
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    }
    await idleMoment();
    expect(container.textContent).toBe('badge readyform ready');
  });

  it('skips a widget that left the page before its turn, and still lets in those after it', async () => {
    await act(async () => root.render(widgets(['badge', 'form', 'prompt'])));
    await act(async () => root.render(widgets(['badge', 'prompt'])));
    await idleMoment();
    await idleMoment();
    expect(container.textContent).toBe('badge readyprompt ready');
    expect(idle).toHaveLength(0);
  });

  it('gives a widget that arrives later (the next page) its turn too', async () => {
    await act(async () => root.render(widgets(['badge'])));
    await idleMoment();
    expect(idle).toHaveLength(0);
    await act(async () => root.render(widgets(['badge', 'contact form'])));
    expect(container.textContent).toBe('badge readycontact form waiting');
    await idleMoment();
    expect(container.textContent).toBe('badge readycontact form ready');
  });

  it('lets decoration in last, after every widget, even one that mounted after it', async () => {
    function Decoration() {
      return <span>{useAfterLoad('decoration') ? 'video ready' : 'video waiting'}</span>;
    }
    await act(async () => root.render([<Decoration key="video" />, ...(widgets(['badge', 'form']) as ReactNode[])]));
    expect(container.textContent).toBe('video waitingbadge waitingform waiting');
    await idleMoment();
    expect(container.textContent).toBe('video waitingbadge readyform waiting');
    await act(async () => root.render([<Decoration key="video" />, ...(widgets(['badge', 'form', 'prompt']) as ReactNode[])]));
    await idleMoment();
    await idleMoment();
    expect(container.textContent).toBe('video waitingbadge readyform readyprompt ready');
    await idleMoment();
    expect(container.textContent).toBe('video readybadge readyform readyprompt ready');
    expect(idle).toHaveLength(0);
  });
});
