import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// The request log: one line per request, at info, when it is answered (or at error when its
// answer failed): the method, the path without its query (an unsubscribe link's token or an
// administrator's search never reaches the logs), the status, the milliseconds taken and the
// caller's address. Fastify's own would be two lines per request, one as it comes in and one as it
// is answered, each with the socket's details: half the writing for what both said. Every other
// line Fastify writes (errors, unknown routes) is as it was.
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const query = request.url.indexOf('?');
    const line = {
      method: request.method,
      path: query === -1 ? request.url : request.url.slice(0, query),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
