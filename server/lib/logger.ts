/** One JSON line per event on stdout/stderr. Never pass request bodies, cookies or passwords. */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export function createLogger(write: (line: string, level: 'info' | 'warn' | 'error') => void = defaultWrite): Logger {
  const log = (level: 'info' | 'warn' | 'error') => (message: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }), level);
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

function defaultWrite(line: string, level: 'info' | 'warn' | 'error') {
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/** The parts of an error that are safe to log: never its bound parameters (they may hold personal data). */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: 'non-error thrown' };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    error: error.name,
    message: withoutParams(error.message).slice(0, 500),
    code: (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code,
    cause: cause ? withoutParams(cause.message).slice(0, 300) : undefined,
    // Only the frames: the stack's first lines repeat the message, which may carry values.
    stack: error.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 5)
      .join('\n'),
  };
}

/** drizzle's "Failed query: … params: a,b,c" carries the bound values; keep only the SQL. */
function withoutParams(message: string): string {
  const at = message.search(/\n?params:/);
  return at === -1 ? message : `${message.slice(0, at)} [params omitted]`;
}
