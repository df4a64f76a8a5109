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
  if (!(error instanceof Error)) return { error: String(error) };
  return {
    error: error.name,
    message: error.message.slice(0, 500),
    code: (error as { code?: unknown }).code,
    stack: error.stack?.split('\n').slice(0, 6).join('\n'),
  };
}
