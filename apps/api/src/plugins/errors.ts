import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, SERVICE_UNAVAILABLE } from '../lib/errors.ts';

type FieldProblem = { field: string; message: string };

// Error codes that mean "the database is not reachable right now": network failures, and
// PostgreSQL's shutdown (57P01-57P03), connection (08xxx) and statement-timeout (57014) classes.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

// node-postgres reports a lost or timed-out connection without a code, by these messages.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
];

// Walks the error and what it wraps (drizzle wraps the driver's error as `cause`; a failed
// connection to several addresses is an AggregateError).
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

// One error handler for the whole API: every refusal is {"detail": "..."}, and nothing about
// a 5xx's internals reaches the client.
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.detail, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldProblem[] = error.validation.map((issue) => ({
        field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'is invalid',
      }));
      const first = errors[0];
      return reply.status(400).send({
        detail: first ? `Invalid request: ${first.field} ${first.message}` : 'Invalid request',
        errors,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ detail: SERVICE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type...).
      return reply.status(status).send({ detail: clientErrorDetail(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}

function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but JSON was declared.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not valid JSON.';
    default:
      return error.message || 'Bad request';
  }
}

export default fp(errorsPlugin, { name: 'errors' });
