import { IncomingMessage, type ServerResponse } from 'node:http';

const BODY_LIMIT = 56 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > BODY_LIMIT) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A fresh request carrying `body` instead of what `req` carried (already read), for handing a
 * rewritten form to oidc-provider, which reads the body from the stream itself.
 */
export function replayRequest(req: IncomingMessage, body: string): IncomingMessage {
  const replay = new IncomingMessage(req.socket);
  const bytes = Buffer.from(body, 'utf8');
  replay.method = req.method;
  replay.url = req.url;
  replay.httpVersion = req.httpVersion;
  replay.headers = {
    ...req.headers,
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(bytes.length),
  };
  replay.push(bytes);
  replay.push(null);
  // Otherwise ending this stream counts as an aborted request and destroys the shared socket.
  replay.complete = true;
  return replay;
}

export function isContentType(req: IncomingMessage, type: string): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === type;
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

/** `req.url` as a URL (the host is irrelevant: only path and query are read). */
export function requestUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', 'http://idp.invalid');
}

export function pathWithQuery(url: URL): string {
  return `${url.pathname}${url.search}`;
}
