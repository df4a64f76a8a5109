import { execFile, spawn } from 'node:child_process';
import { plural } from '@domain/plural';

/** The two programs that read and write videos (Debian: apt-get install ffmpeg). */
export type MediaTools = { ffmpeg: string; ffprobe: string };

/** Our own failure running a tool (missing, killed, timed out, disk full): never the family's file. */
export class MediaToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaToolError';
  }
}

function runs(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 10_000, maxBuffer: 1024 * 1024 }, (error) => resolve(error === null));
  });
}

const found = new Map<string, Promise<MediaTools | null>>();

/**
 * ffmpeg and ffprobe: FFMPEG_PATH/FFPROBE_PATH when given, else the names looked up on the PATH;
 * null when either cannot run `-version`. The answer is kept for the life of the process.
 * Nothing here reads process.env: the caller passes its parsed settings.
 */
export function findMediaTools(env: { FFMPEG_PATH?: string; FFPROBE_PATH?: string } = {}): Promise<MediaTools | null> {
  const tools = { ffmpeg: env.FFMPEG_PATH || 'ffmpeg', ffprobe: env.FFPROBE_PATH || 'ffprobe' };
  const key = `${tools.ffmpeg}\n${tools.ffprobe}`;
  let answer = found.get(key);
  if (!answer) {
    answer = Promise.all([runs(tools.ffmpeg, ['-version']), runs(tools.ffprobe, ['-version'])]).then(([ffmpeg, ffprobe]) =>
      ffmpeg && ffprobe ? tools : null,
    );
    found.set(key, answer);
  }
  return answer;
}

let niceRuns: Promise<boolean> | null = null;

/** Whether `nice` exists here; tried once with Node itself, the one program sure to be present. */
function canNice(): Promise<boolean> {
  niceRuns ??= runs('nice', ['-n', '19', process.execPath, '-e', '']);
  return niceRuns;
}

export type ToolRun = { code: number | null; stdout: string; stderr: string };

const STDERR_KEPT = 4096;

/**
 * Runs a tool without a shell, its arguments as an array. Keeps stdout up to `maxStdout` bytes
 * (more is our failure) and the last 4 KB of stderr, where ffmpeg says what finally went wrong.
 * A non-zero exit is returned, not thrown; a tool that cannot start, runs past `timeoutMs`, or is
 * aborted through `signal` throws.
 */
export async function runTool(
  command: string,
  args: readonly string[],
  options: { timeoutMs: number; lowPriority?: boolean; signal?: AbortSignal; maxStdout?: number },
): Promise<ToolRun> {
  options.signal?.throwIfAborted();
  const niced = options.lowPriority === true && (await canNice());
  const [file, argv] = niced ? ['nice', ['-n', '19', command, ...args]] : [command, [...args]];
  const maxStdout = options.maxStdout ?? 1024 * 1024;

  return new Promise((resolve, reject) => {
    // nice execs the tool in its own process: a kill reaches the tool itself.
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let failure: Error | null = null;

    const stop = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(new MediaToolError(`${command} ran longer than ${options.timeoutMs / 1000} s and was stopped`)), options.timeoutMs);

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) stop(new MediaToolError(`${command} wrote more than ${plural(maxStdout, { one: '# byte', other: '# bytes' })}`));
      else stdout.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    child.once('error', (error) => {
      failure ??= error;
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      stderr = stderr.trim();
      // nice reports a tool it could not start with 126 or 127, where spawn itself would throw.
      if (!failure && niced && (code === 126 || code === 127) && stderr.startsWith('nice:')) failure = new MediaToolError(`cannot run ${command}: ${stderr}`);
      if (failure) reject(failure);
      else resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr });
    });
  });
}
