import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One line of the report. `pass` is null for a figure that has no target (context only). */
export type Figure = {
  part: string;
  name: string;
  value: number | string | boolean | null;
  unit?: string;
  target?: string;
  pass: boolean | null;
  note?: string;
};

export type PartResult = {
  part: string;
  figures: Figure[];
  /** Set when the part could not be measured at all, with the reason. */
  notMeasured?: string;
  seconds: number;
  details?: Record<string, unknown>;
};

export type Report = {
  startedAt: string;
  finishedAt: string;
  database: 'pglite' | 'postgres';
  machine: { cpus: number; node: string; platform: string };
  parts: PartResult[];
};

export function figure(
  part: string,
  name: string,
  value: Figure['value'],
  extra: { unit?: string; target?: string; pass?: boolean | null; note?: string } = {},
): Figure {
  return { part, name, value, pass: extra.pass ?? null, ...extra };
}

function formatValue(f: Figure): string {
  if (f.value === null) return 'n/a';
  if (typeof f.value === 'boolean') return f.value ? 'yes' : 'no';
  if (typeof f.value === 'number') {
    const rounded = Math.abs(f.value) >= 100 ? Math.round(f.value).toString() : Number(f.value.toFixed(f.value < 1 ? 3 : 2)).toString();
    return f.unit ? `${rounded} ${f.unit}` : rounded;
  }
  return f.unit ? `${f.value} ${f.unit}` : f.value;
}

function mark(pass: boolean | null): string {
  if (pass === null) return '';
  return pass ? 'PASS' : 'FAIL';
}

/** The report as a plain-text table: figure, value, target, pass/fail. */
export function renderTable(report: Report): string {
  const rows: string[][] = [['figure', 'value', 'target', 'result']];
  for (const part of report.parts) {
    rows.push([`[${part.part}]`, '', '', '']);
    if (part.notMeasured) rows.push(['  not measured', part.notMeasured, '', 'NOT MEASURED']);
    for (const f of part.figures) {
      rows.push([`  ${f.name}`, formatValue(f), f.target ?? '', mark(f.pass)]);
      if (f.note) rows.push([`      (${f.note})`, '', '', '']);
    }
  }
  const widths = [0, 1, 2, 3].map((i) => Math.min(70, Math.max(...rows.map((r) => (r[i] ?? '').length))));
  const line = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  const all = report.parts.flatMap((p) => p.figures);
  const passed = all.filter((f) => f.pass === true).length;
  const failed = all.filter((f) => f.pass === false).length;
  const missing = report.parts.filter((p) => p.notMeasured).length;
  return [
    `Benchmark on ${report.database === 'postgres' ? 'Postgres (DATABASE_URL)' : 'PGlite (embedded; set DATABASE_URL for Postgres)'}, ` +
      `${report.machine.cpus} CPUs, Node ${report.machine.node}`,
    '',
    line(rows[0] ?? []),
    line((rows[0] ?? []).map((_, i) => '-'.repeat(widths[i] ?? 0))),
    ...rows.slice(1).map(line),
    '',
    `${passed} passed, ${failed} failed, ${missing} part(s) not measured.`,
  ].join('\n');
}

/** Writes latest.json and a dated copy beside it; returns the dated path. */
export function writeReport(report: Report, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(join(dir, 'latest.json'), json);
  const dated = join(dir, `${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(dated, json);
  return dated;
}

/** The middle value (the upper one of an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
