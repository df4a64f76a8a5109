import { z } from './zod';
import { LANGUAGES } from './languages';
import { METRIC_NAMES, NAVIGATION_TYPES, pagePatternOf, type MetricName } from './vitals';

// The server's check of a real visit's speed report (ADR 030). Apart from ./vitals.ts, which the
// page's reporter imports: that one must not pull zod into a page that has finished loading.

/** Values above these are a broken browser or a forgery, not a slow page (times in ms). */
const MAX_VALUE: Record<MetricName, number> = { LCP: 120_000, INP: 120_000, CLS: 10, FCP: 120_000, TTFB: 120_000 };

const metricSchema = z.object({
  name: z.enum(METRIC_NAMES, { error: 'The metric must be one of LCP, INP, CLS, FCP or TTFB.' }),
  value: z.number({ error: 'The value must be a number.' }).min(0, 'The value cannot be negative.'),
});

/**
 * One page view's report: its page, language and up to one value per metric. The page is
 * re-normalised here, so a client that sends a raw address still stores only its pattern.
 */
export const vitalsReportSchema = z
  .object({
    page: z
      .string({ error: 'The page must be a path such as /about.' })
      .max(300, 'The page must be a path such as /about.')
      .transform((page, context) => {
        const pattern = pagePatternOf(page);
        if (pattern === null) {
          context.addIssue({ code: 'custom', message: 'Staff pages are not measured.' });
          return z.NEVER;
        }
        return pattern;
      }),
    lang: z.enum(LANGUAGES, { error: 'The language must be en or ta.' }),
    navigationType: z.enum(NAVIGATION_TYPES, { error: 'Unknown navigation type.' }).optional(),
    metrics: z
      .array(metricSchema, { error: 'The metrics must be a list.' })
      .min(1, 'Send at least one metric.')
      .max(METRIC_NAMES.length, 'Send at most one value per metric.'),
  })
  .strict()
  .superRefine((report, context) => {
    const names = new Set<string>();
    report.metrics.forEach((metric, index) => {
      if (names.has(metric.name)) context.addIssue({ code: 'custom', path: ['metrics', index], message: 'Send at most one value per metric.' });
      names.add(metric.name);
      if (metric.value > MAX_VALUE[metric.name]) {
        context.addIssue({ code: 'custom', path: ['metrics', index], message: `${metric.name} of ${metric.value} is beyond any real page load.` });
      }
    });
  });

export type VitalsReportInput = z.input<typeof vitalsReportSchema>;
export type VitalsReport = z.output<typeof vitalsReportSchema>;
