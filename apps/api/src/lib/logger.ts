import type { FastifyBaseLogger } from 'fastify';
import { pino, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';

/** Fields that hold a secret, wherever a log line carries them. */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'otp',
  'code',
  'accessToken',
  'refreshToken',
  'token',
];

/**
 * docs/architecture.md#input-and-output: pino redacts tokens, passwords and codes, including the
 * refresh token that travels in the query string of GET /auth/refresh-token. A secret field is
 * redacted at the top of a line (`log.warn({ password })`) and one level down
 * (`{ body: { password } }`): pino's `*.x` matches only the second.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
];

/** A query parameter whose name, once decoded and stripped of punctuation, contains these. */
const SECRET_PARAMETER = /token|password|otp|code|secret/;

/**
 * The name as any query parser might read it: `+` is a space, percent-escapes are decoded (up
 * to three times, for double encodings; invalid sequences are decoded byte by byte), then case
 * and everything but letters and digits are dropped (`refresh_token`, `Refresh%54oken`...).
 */
function normalizedParameterName(raw: string): string {
  let name = raw.replaceAll('+', ' ');
  for (let round = 0; round < 3 && name.includes('%'); round++) {
    try {
      name = decodeURIComponent(name);
    } catch {
      name = name.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
    }
  }
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Redacts the value of every query parameter whose name, in any spelling or encoding, names a
 * secret. Judged on the parsed query, not on one spelling: `refresh%54oken=` is `refreshToken=`
 * to the parser (issue 10, finding 5).
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (!SECRET_PARAMETER.test(normalizedParameterName(name))) return pair;
      return `${name}=[redacted]`;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

function isFailedQuery(error: unknown): error is Error & { query: string; cause?: unknown } {
  return (
    error instanceof Error &&
    typeof (error as { query?: unknown }).query === 'string' &&
    Array.isArray((error as { params?: unknown }).params)
  );
}

/**
 * A failed query's error (drizzle-orm's DrizzleQueryError) carries its parameters in `params`
 * and in its message, and the driver's error in `cause` quotes the offending value in its
 * message and detail: any of them may be an e-mail, a hash or a forged token's claim. Only the
 * statement and the SQLSTATE reach the log (issue 10, finding 4).
 */
function serializeError(error: unknown) {
  if (!isFailedQuery(error)) return pino.stdSerializers.err(error as Error);
  const cause = error.cause as { code?: unknown; constraint?: unknown } | undefined;
  return {
    type: error.name,
    message: `Failed query: ${error.query}`,
    // The stack's first lines repeat the message; only the frames are kept.
    stack: error.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
    cause: { code: cause?.code, constraint: cause?.constraint },
  };
}

export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        req(request: { method: string; url: string; ip?: string; id?: string }) {
          return {
            method: request.method,
            url: redactUrl(request.url),
            ip: request.ip,
            id: request.id,
          };
        },
        err: serializeError,
      },
    },
    stream,
  );
}

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = [unknown, ...unknown[]];

/**
 * A request's logger (Fastify's `request.log`) that becomes pino's child, bound to the request's
 * id, only when something is written at a level the logger writes. Making the child reads its
 * bindings through the redaction's wildcard paths: 2% of a list request's CPU, paid by every
 * request although at `warn` a successful one writes nothing (issue 14). A line it writes is the
 * child's line, with the request's id, exactly as before.
 */
class RequestLogger {
  #child: Logger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Record<string, unknown>;

  constructor(parent: Logger, bindings: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): Logger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  #write(level: LogLevel, args: LogArguments): void {
    if (!(this.#child ?? this.#parent).isLevelEnabled(level)) return;
    (this.#logger()[level] as (...values: LogArguments) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: LogArguments): void {
    this.#write('fatal', args);
  }
  error(...args: LogArguments): void {
    this.#write('error', args);
  }
  warn(...args: LogArguments): void {
    this.#write('warn', args);
  }
  info(...args: LogArguments): void {
    this.#write('info', args);
  }
  debug(...args: LogArguments): void {
    this.#write('debug', args);
  }
  trace(...args: LogArguments): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Record<string, unknown>, options?: ChildLoggerOptions): Logger {
    return this.#logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a RequestLogger, unless the route asks for its own level or
 * serializers, which only pino's child applies.
 */
export function requestLoggerFactory(
  logger: Logger,
  bindings: Record<string, unknown>,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
}
