import { startTransition, useEffect, useRef, useState } from 'react';
import { afterLoad, whenIdle } from '@/lib/scheduling';

/**
 * True once the page has loaded and the browser is idle: for work that must never compete with
 * the first paint (three.js, the video, non-essential widgets). The re-render it causes is a
 * transition, so React renders what it mounts (lazy widgets) in short interruptible slices
 * rather than in one task a slow phone would feel.
 *
 * The page's waiting widgets are let in one at a time (in the order their components mounted),
 * each in an idle moment after the one before it has been committed. React renders every
 * pending transition in one pass and commits it in one task, so widgets let in close together
 * made one commit of 20-30 ms at a laptop's speed (the header's badge, the footer's form, the
 * background and the contact form at once), four times that on a slow phone.
 *
 * Decoration (`'decoration'`: the background's video and spheres) is let in last, once every
 * widget waiting has had its turn. What it starts goes on after its own turn, beside the page:
 * the video's decoding and compositing, the WebGL probe's worker. Started first, on a two-core
 * machine it took the second core while React rendered the widgets after it, and React's tasks
 * were descheduled: 10-20 ms long by the clock with 1-3 ms of work in them (ADR 032).
 *
 * The component that calls this re-renders when it turns true, with everything inside it: call it
 * from the smallest component that needs it (see AfterLoad in components/after-load.tsx).
 */
export function useAfterLoad(kind: TurnKind = 'widget'): boolean {
  const [ready, setReady] = useState(false);
  const turn = useRef<Turn | null>(null);
  useEffect(() => {
    const mine = waitForTurn(kind, () => startTransition(() => setReady(true)));
    turn.current = mine;
    return () => mine.leave();
  }, [kind]);
  // Runs once React has committed what `ready` let in: the next widget's turn can start.
  useEffect(() => {
    if (ready) turn.current?.finish();
  }, [ready]);
  return ready;
}

/** Widgets take their turns in the order they mounted; decoration waits for every widget. */
export type TurnKind = 'widget' | 'decoration';

type Turn = {
  /** The widget is on the page: the next one may start. */
  finish(): void;
  /** The widget is gone: it never starts, or, if it has, the next one may. */
  leave(): void;
};

/** A widget waits at most this long for an idle moment (a busy page still gets them all). */
const TURN_TIMEOUT_MS = 2_000;
/** A turn whose commit never comes (a render that keeps suspending) gives way after this long. */
const TURN_LIMIT_MS = 2_000;

const waiting: Record<TurnKind, (() => void)[]> = { widget: [], decoration: [] };
const anyWaiting = () => waiting.widget.length > 0 || waiting.decoration.length > 0;
/** A turn is running or about to be given: a widget that starts waiting only joins the queue. */
let turnsRunning = false;

/**
 * Runs `start` in an idle moment after the load event, after the widgets that asked before it
 * (and, for decoration, after every widget) have finished.
 */
function waitForTurn(kind: TurnKind, start: () => void): Turn {
  let state: 'waiting' | 'running' | 'done' = 'waiting';
  let limit: number | undefined;
  const begin = () => {
    state = 'running';
    limit = window.setTimeout(finish, TURN_LIMIT_MS);
    start();
  };
  function finish() {
    if (state !== 'running') return;
    state = 'done';
    window.clearTimeout(limit);
    if (anyWaiting()) whenIdle(nextTurn, TURN_TIMEOUT_MS);
    else turnsRunning = false;
  }
  waiting[kind].push(begin);
  if (!turnsRunning) {
    turnsRunning = true;
    void afterLoad().then(() => whenIdle(nextTurn, TURN_TIMEOUT_MS));
  }
  return {
    finish,
    leave() {
      if (state === 'waiting') {
        const index = waiting[kind].indexOf(begin);
        if (index >= 0) waiting[kind].splice(index, 1);
        state = 'done';
      } else {
        finish();
      }
    },
  };
}

function nextTurn() {
  const begin = waiting.widget.shift() ?? waiting.decoration.shift();
  if (begin) begin();
  else turnsRunning = false;
}
