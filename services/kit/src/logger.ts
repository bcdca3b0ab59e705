import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Paths never written to logs. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-billpoint-internal-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
];

export function loggerOptions(name: string, level = process.env.LOG_LEVEL ?? 'info'): LoggerOptions {
  const opts: LoggerOptions = { name, level, redact: { paths: REDACT, censor: '[redacted]' } };
  if (process.stdout.isTTY && process.env.NODE_ENV !== 'production') {
    opts.transport = { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } };
  }
  return opts;
}

export function createLogger(name: string, level?: string): Logger {
  return pino(loggerOptions(name, level));
}
