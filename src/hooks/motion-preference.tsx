import { createContext, useCallback, useContext, useDeferredValue, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { yieldToBrowser } from '@/lib/scheduling';

const STORAGE_KEY = 'ktc:motion-paused';

type MotionPreference = {
  /** The visitor pressed "Pause motion" (remembered across visits). */
  paused: boolean;
  /** The system asks for reduced motion. */
  reducedMotion: boolean;
  /** True when decorative motion may run: not paused and no reduced-motion request. */
  motionAllowed: boolean;
  togglePaused: () => void;
};

const MotionContext = createContext<MotionPreference>({
  paused: false,
  reducedMotion: false,
  motionAllowed: true,
  togglePaused: () => undefined,
});

// The stored pause is read through a tiny store so that the server render and hydration both
// see "not paused" (the build cannot know), and the visitor's choice applies right after. The
// first read of localStorage costs a round trip to the browser process (up to ~10 ms in traces at
// a laptop's speed), so it is made in a task of its own once the shell subscribes, not inside
// the effects React runs as the page comes alive.
const pauseListeners = new Set<() => void>();
/** The visitor's choice as last read or made; null until storage has been read. */
let pauseKnown: boolean | null = null;

function readStoredPause(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false; // storage can be blocked (private modes); motion then simply starts.
  }
}

function currentPause(): boolean {
  return pauseKnown ?? false;
}

function setPause(next: boolean): void {
  pauseKnown = next;
  for (const listener of pauseListeners) listener();
}

function storePause(next: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(next));
  } catch {
    // Blocked storage (private modes): the choice lasts for this visit.
  }
  setPause(next);
}

/** Another tab paused or resumed motion (or cleared the site's storage). */
function onStorage(event: StorageEvent): void {
  if (event.key === STORAGE_KEY || event.key === null) setPause(readStoredPause());
}

function subscribeToPause(listener: () => void): () => void {
  pauseListeners.add(listener);
  window.addEventListener('storage', onStorage);
  if (pauseKnown === null) {
    void yieldToBrowser().then(() => {
      if (pauseKnown === null) setPause(readStoredPause());
    });
  }
  return () => {
    pauseListeners.delete(listener);
    if (pauseListeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(listener: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** The system's reduced-motion request; false while prerendering and hydrating. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** One switch for all decorative motion (WCAG 2.2.2), shared by the shell and the pages. */
export function MotionPreferenceProvider({ children }: { children: ReactNode }) {
  const pausedNow = useSyncExternalStore(subscribeToPause, currentPause, () => false);
  const reducedMotionNow = useReducedMotion();
  // The components below learn a change in a transition. A store whose value differs from the
  // server's right after hydration (reduced motion asked for, motion paused on an earlier visit)
  // makes React re-render at once, inside the effects of the hydration's commit: passed straight
  // down, the change reached parts of the page still being hydrated and React hydrated them in
  // that same task, 6-8 ms at a laptop's speed under reduced motion. Deferred, only this
  // component renders at once; the rest follows in React's short, interruptible slices.
  const paused = useDeferredValue(pausedNow);
  const reducedMotion = useDeferredValue(reducedMotionNow);

  const togglePaused = useCallback(() => storePause(!currentPause()), []);

  // The page's CSS animations stop (or start) with the change itself.
  useEffect(() => {
    document.documentElement.classList.toggle('motion-paused', pausedNow);
  }, [pausedNow]);

  const value = useMemo(
    () => ({ paused, reducedMotion, motionAllowed: !paused && !reducedMotion, togglePaused }),
    [paused, reducedMotion, togglePaused],
  );
  return <MotionContext.Provider value={value}>{children}</MotionContext.Provider>;
}

export function useMotionPreference(): MotionPreference {
  return useContext(MotionContext);
}
