// What held the server's event loop: reads a CPU profile (`node --cpu-prof`, e.g. the bench's
// BENCH_CPU_PROF_DIR) and lists the stretches of unbroken work longer than a threshold, and where
// their time went. `node --import tsx bench/lib/loop-stalls.ts <file.cpuprofile> [thresholdMs]`.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

const [file, threshold = '50'] = process.argv.slice(2);
if (!file) throw new Error('usage: loop-stalls.ts <file.cpuprofile> [thresholdMs]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${f.url ? `${basename(f.url)}:${f.lineNumber + 1}` : ''}`.trim();
const stack = (id: number): CallFrame[] => {
  const frames: CallFrame[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at)!.callFrame);
  return frames; // innermost first
};
/** The innermost frame of our own code (the bundle), else of a package, else the innermost frame. */
const owner = (frames: CallFrame[]): string => {
  const ours = frames.find((f) => f.url.includes('dist-server/') || f.url.includes('/server/') || f.url.includes('/domain/'));
  const pkg = frames.find((f) => f.url.includes('node_modules/'));
  const pick = ours ?? pkg ?? frames[0];
  return pick ? label(pick) : '?';
};
const packageOf = (frames: CallFrame[]): string => {
  const f = frames.find((x) => x.url.includes('node_modules/'));
  return f ? (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url)?.[1] ?? '?') : frames.some((x) => x.url.startsWith('node:')) ? 'node' : 'ours/other';
};

type Stretch = { startMs: number; ms: number; owners: Map<string, number>; selfs: Map<string, number>; packages: Map<string, number> };
const stretches: Stretch[] = [];
let current: Stretch | null = null;
let t = 0;
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  t += (profile.timeDeltas[i] ?? 0) / 1000;
  const node = byId.get(profile.samples[i]!)!;
  const name = node.callFrame.functionName;
  if (name === '(idle)') {
    if (current) stretches.push(current);
    current = null;
    continue;
  }
  current ??= { startMs: t, ms: 0, owners: new Map(), selfs: new Map(), packages: new Map() };
  current.ms += dt;
  const frames = stack(node.id);
  add(current.owners, owner(frames), dt);
  add(current.selfs, label(node.callFrame), dt);
  add(current.packages, packageOf(frames), dt);
}
if (current) stretches.push(current);

const long = stretches.filter((s) => s.ms >= Number(threshold));
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${v.toFixed(0)} ms`);
const total = { owners: new Map<string, number>(), selfs: new Map<string, number>(), packages: new Map<string, number>() };
for (const s of long) {
  for (const [k, v] of s.owners) add(total.owners, k, v);
  for (const [k, v] of s.selfs) add(total.selfs, k, v);
  for (const [k, v] of s.packages) add(total.packages, k, v);
}
const busy = stretches.reduce((sum, s) => sum + s.ms, 0);
console.log(`${file}: ${(t / 1000).toFixed(1)} s profiled, ${(busy / 1000).toFixed(1)} s busy; ${long.length} stretches >= ${threshold} ms, ${(long.reduce((s, x) => s + x.ms, 0) / 1000).toFixed(1)} s in them, longest ${Math.max(0, ...long.map((s) => s.ms)).toFixed(0)} ms`);
console.log('\nin those stretches, by package:\n  ' + top(total.packages, 12).join('\n  '));
console.log('\nby the innermost frame of our code:\n  ' + top(total.owners, 25).join('\n  '));
console.log('\nby self time:\n  ' + top(total.selfs, 20).join('\n  '));
console.log('\nthe 15 longest:');
for (const s of [...long].sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`  at ${(s.startMs / 1000).toFixed(1)} s: ${s.ms.toFixed(0)} ms: ${top(s.owners, 3).join('; ')}`);
