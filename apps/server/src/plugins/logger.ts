import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import { withoutQueryValues } from '../db/errors';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * The Fastify logger: pino, JSON in production, pretty lines otherwise; a given stream takes every line.
 * The pretty lines are written on the server's own thread, in order: a worker-thread transport printed
 * "Server listening" after the start banner, which must stay last (issue 24). The request log's fields
 * are in its message there, so only the request id follows it. Colours only on a terminal (NO_COLOR wins).
 */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    hooks: {
      // A failed query is logged with its text and SQLSTATE, never the values sent with it (db/errors.ts).
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        method.apply(this, [withoutQueryValues(first), ...rest] as Parameters<typeof method>);
      },
    },
    ...(stream
      ? { stream }
      : config.isProduction
        ? {}
        : {
            stream: pretty({
              singleLine: true,
              sync: true,
              ignore: 'pid,hostname,request',
              colorize: Boolean(process.stdout.isTTY) && !('NO_COLOR' in process.env),
            }),
          }),
  };
}
