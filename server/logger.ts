/**
 * A small structured logger: one JSON line per event, errors on stderr. Nothing secret goes in here
 * (tokens, passwords and request bodies are never passed to it).
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function line(level: string, message: string, fields: Record<string, unknown> = {}): string {
  const entries = Object.entries(fields).map(([key, value]) => [key, serialise(value)]);
  return JSON.stringify({ time: new Date().toISOString(), level, message, ...Object.fromEntries(entries) });
}

export const consoleLogger: Logger = {
  info: (message, fields) => process.stdout.write(`${line('info', message, fields)}\n`),
  warn: (message, fields) => process.stderr.write(`${line('warn', message, fields)}\n`),
  error: (message, fields) => process.stderr.write(`${line('error', message, fields)}\n`),
};

/** For tests: remembers what was logged instead of printing it. */
export function memoryLogger(): Logger & { entries: { level: string; message: string; fields: unknown }[] } {
  const entries: { level: string; message: string; fields: unknown }[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    entries.push({ level, message, fields });
  };
  return { entries, info: push('info'), warn: push('warn'), error: push('error') };
}
