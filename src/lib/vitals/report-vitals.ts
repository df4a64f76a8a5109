import type { Metric } from 'web-vitals';
import { languageOfPath, NAVIGATION_TYPES, pagePatternOf, type MetricName } from '@domain/vitals';
import type { VitalsReportInput } from '@domain/vitals-report';
import { api, apiHref, readResponse } from '@/lib/api-client';
import { yieldToBrowser } from '@/lib/scheduling';

type NavigationType = (typeof NAVIGATION_TYPES)[number];

/**
 * Measures this page view's speed and sends it to our own server (ADR 030). Loaded by main.tsx
 * only once the page is loaded and idle, so neither this nor `web-vitals` is in the entry chunk.
 * A sampled view reports its landing page's pattern (never the address) in one beacon when the
 * page is hidden; a metric that arrives later (an INP after the family came back) goes in another.
 */
export async function reportVitals(pathname: string): Promise<void> {
  const page = pagePatternOf(pathname);
  // Offline there is nobody to tell; the next page view online is measured instead.
  if (page === null || !navigator.onLine) return;
  const config = await readResponse(api.vitals.config.$get(undefined, { init: { credentials: 'omit' } }));
  if (!config.enabled || Math.random() >= config.sampleRate) return;
  const lang = languageOfPath(pathname);
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');

  const pending = new Map<MetricName, Metric>();
  const sent = new Set<string>();
  const keep = (metric: Metric) => {
    // One value per metric and kind of visit: a page restored from the back/forward cache is a new view.
    if (sent.has(`${metric.navigationType}:${metric.name}`)) return;
    pending.set(metric.name, metric);
  };
  const flush = () => {
    // Someone who went on to the staff tools in this tab: what follows is not a family's visit.
    if (pending.size === 0 || pagePatternOf(window.location.pathname) === null || !navigator.onLine) return;
    const byNavigation = new Map<string, Metric[]>();
    for (const metric of pending.values()) {
      sent.add(`${metric.navigationType}:${metric.name}`);
      byNavigation.set(metric.navigationType, [...(byNavigation.get(metric.navigationType) ?? []), metric]);
    }
    pending.clear();
    for (const [navigationType, metrics] of byNavigation) {
      const report: VitalsReportInput = {
        page,
        lang,
        ...(isNavigationType(navigationType) ? { navigationType } : {}),
        metrics: metrics.map((metric) => ({ name: metric.name, value: rounded(metric) })),
      };
      send(JSON.stringify(report));
    }
  };

  // Each metric's observers start in a task of their own: all five at once took ~40 ms on a 4x
  // slower CPU (they read the page's buffered entries).
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) {
    on(keep);
    await yieldToBrowser();
  }
  // web-vitals finalises CLS, INP and LCP in its own listener (on window, capturing), which runs
  // before this one. Not on pagehide: Chromium fires it before the page turns hidden, so a beacon
  // sent then would miss those three (a closing or navigating page turns hidden right after).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

const isNavigationType = (value: string): value is NavigationType => (NAVIGATION_TYPES as readonly string[]).includes(value);

/** Milliseconds to a tenth, layout shift to four places: finer says nothing and weighs more. */
function rounded(metric: Metric): number {
  return metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value * 10) / 10;
}

/**
 * A beacon survives the page closing and is sent as text/plain, which needs no CORS preflight.
 * Without it (or when the browser's queue is full), a keep-alive fetch with no cookies.
 */
function send(body: string): void {
  const url = apiHref(api.vitals.$path());
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
}
