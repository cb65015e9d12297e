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
        err: pino.stdSerializers.err,
      },
    },
    stream,
  );
}
