import { startTransition, useEffect, useState } from 'react';
import { afterLoad, whenIdle } from '@/lib/scheduling';

/**
 * True once the page has loaded and the browser is idle: for work that must never compete with
 * the first paint (three.js, the video, non-essential widgets). The re-render it causes is a
 * transition, so React renders what it mounts (lazy widgets) in short interruptible slices
 * rather than in one task a slow phone would feel.
 *
 * The page's waiting widgets are let in one at a time, each in an idle moment of its own (in the
 * order their components mounted): together they made tasks of 50-100 ms on a 4x slower CPU
 * (the footer's form, the update prompt, the background and the header's badge at once).
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const markReady = () => {
      if (!cancelled) startTransition(() => setReady(true));
    };
    const stopWaiting = afterLoadInTurn(markReady);
    return () => {
      cancelled = true;
      stopWaiting();
    };
  }, []);
  return ready;
}

const waiting: (() => void)[] = [];
/** A widget waits at most this long for an idle moment (a busy page still gets them all). */
const TURN_TIMEOUT_MS = 2_000;
let turnScheduled = false;

/** Runs `run` in an idle moment after the load event, after those that asked before it. */
function afterLoadInTurn(run: () => void): () => void {
  waiting.push(run);
  if (!turnScheduled) {
    turnScheduled = true;
    void afterLoad().then(() => whenIdle(nextTurn, TURN_TIMEOUT_MS));
  }
  return () => {
    const index = waiting.indexOf(run);
    if (index >= 0) waiting.splice(index, 1);
  };
}

function nextTurn() {
  const run = waiting.shift();
  if (run) run();
  if (waiting.length > 0) whenIdle(nextTurn, TURN_TIMEOUT_MS);
  else turnScheduled = false;
}
