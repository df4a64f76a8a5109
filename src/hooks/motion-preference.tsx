import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

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

function readStoredPause(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false; // storage can be blocked (private modes); motion then simply starts.
  }
}

export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** One switch for all decorative motion (WCAG 2.2.2), shared by the shell and the pages. */
export function MotionPreferenceProvider({ children }: { children: ReactNode }) {
  const [paused, setPaused] = useState(readStoredPause);
  const reducedMotion = useReducedMotion();

  const togglePaused = useCallback(() => {
    setPaused((current) => {
      const next = !current;
      try {
        localStorage.setItem(STORAGE_KEY, String(next));
      } catch {
        // Not remembered, but still applied for this visit.
      }
      return next;
    });
  }, []);

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
