import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * DESIGN.md §5: pino redacts tokens, passwords and codes, including the refresh token that
 * travels in the query string of GET /auth/refresh-token.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.passwordHash',
  '*.otp',
  '*.code',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
];

export function redactUrl(url: string): string {
  return url.replace(/([?&](?:refreshToken|token|otp|code|password)=)[^&#]*/gi, '$1[redacted]');
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
