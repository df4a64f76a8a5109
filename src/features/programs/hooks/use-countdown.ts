import { useEffect, useState } from 'react';
import { BUILD_TIME_MS } from '@/config/build-info';
import { useHydrated } from '@/hooks/use-hydrated';

export type Countdown = { ended: true } | { ended: false; days: number; hours: number; minutes: number; seconds: number };

export function countdownTo(targetMs: number, nowMs: number): Countdown {
  const remaining = Math.floor((targetMs - nowMs) / 1000);
  if (remaining <= 0) return { ended: true };
  return {
    ended: false,
    days: Math.floor(remaining / 86_400),
    hours: Math.floor((remaining % 86_400) / 3600),
    minutes: Math.floor((remaining % 3600) / 60),
    seconds: remaining % 60,
  };
}

/**
 * Counts down to `target`, ticking every second, and stops once it has passed. The prerendered
 * page (and its hydration) shows the count at build time; the live count takes over right after.
 */
export function useCountdown(target: string): Countdown {
  const targetMs = Date.parse(target);
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Date.now() >= targetMs) return;
    const id = setInterval(() => {
      const next = Date.now();
      setNow(next);
      if (next >= targetMs) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [targetMs]);
  return countdownTo(targetMs, hydrated ? now : BUILD_TIME_MS);
}
