import { useEffect, useState } from 'react';

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

/** Counts down to `target`, ticking every second, and stops once it has passed. */
export function useCountdown(target: string): Countdown {
  const targetMs = Date.parse(target);
  const [countdown, setCountdown] = useState(() => countdownTo(targetMs, Date.now()));
  useEffect(() => {
    if (Date.now() >= targetMs) return;
    const id = setInterval(() => {
      const next = countdownTo(targetMs, Date.now());
      setCountdown(next);
      if (next.ended) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [targetMs]);
  return countdown;
}
