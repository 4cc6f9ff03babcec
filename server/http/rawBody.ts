import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact request body bytes, kept only on routes declared with `rawBody: true` (signed webhooks). */
    rawBody?: Buffer;
  }
}

/**
 * preParsing hook for calls whose body is signed by the sender (the Stripe webhook): keeps the
 * bytes exactly as received, since a signature over re-serialised JSON would not match, then hands
 * the same bytes on to the normal JSON parser. The body limit is enforced while reading.
 */
export async function keepRawBody(request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream): Promise<Readable> {
  const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > limit) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    chunks.push(buf);
  }
  request.rawBody = Buffer.concat(chunks);
  const copy = Readable.from([request.rawBody]);
  // Fastify checks the received length against Content-Length on the stream it is given.
  (copy as Readable & { receivedEncodedLength?: number }).receivedEncodedLength = request.rawBody.length;
  return copy;
}
