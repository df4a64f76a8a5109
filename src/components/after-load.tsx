import type { ReactNode } from 'react';
import { useAfterLoad } from '@/hooks/use-after-load';

/**
 * `children` once the page has loaded and the browser is idle (useAfterLoad), `fallback` until
 * then. Only this component re-renders when the moment comes, not the section around it: a
 * re-render of the whole header or footer, however unchanged, had React compare every element's
 * attributes in the same commit.
 */
export function AfterLoad({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useAfterLoad() ? children : fallback;
}
