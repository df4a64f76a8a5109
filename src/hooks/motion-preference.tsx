import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';

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
// see "not paused" (the build cannot know), and the visitor's choice applies right after.
const pauseListeners = new Set<() => void>();
/** Used only when storage is blocked (private modes): the choice then lasts for this visit. */
let pauseInMemory: boolean | null = null;

function readStoredPause(): boolean {
  if (pauseInMemory !== null) return pauseInMemory;
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false; // storage can be blocked (private modes); motion then simply starts.
  }
}

function storePause(next: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(next));
  } catch {
    pauseInMemory = next;
  }
  for (const listener of pauseListeners) listener();
}

function subscribeToPause(listener: () => void): () => void {
  pauseListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    pauseListeners.delete(listener);
    window.removeEventListener('storage', listener);
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
  const paused = useSyncExternalStore(subscribeToPause, readStoredPause, () => false);
  const reducedMotion = useReducedMotion();

  const togglePaused = useCallback(() => storePause(!readStoredPause()), []);

  useEffect(() => {
    document.documentElement.classList.toggle('motion-paused', paused);
  }, [paused]);

  const value = useMemo(
    () => ({ paused, reducedMotion, motionAllowed: !paused && !reducedMotion, togglePaused }),
    [paused, reducedMotion, togglePaused],
  );
  return <MotionContext.Provider value={value}>{children}</MotionContext.Provider>;
}

export function useMotionPreference(): MotionPreference {
  return useContext(MotionContext);
}
