import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ErrorBody } from './errorHandler';
import { bareSecurityHeaders } from './securityHeaders';

/** What Fastify's router refuses before any route or hook runs. */
function routerError(error: FastifyError): { status: number; body: ErrorBody } {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { message: 'The request URL is not valid', code: 'BAD_URL', details: null } };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, body: { message: 'The request URL is too long', code: 'URI_TOO_LONG', details: null } };
    default:
      return { status: 500, body: { message: 'Server error occurred. Please try again.', code: 'INTERNAL', details: null } };
  }
}

/** What Node's HTTP parser refuses (the request never reaches Fastify). */
function parserError(error: NodeJS.ErrnoException): { status: number; body: ErrorBody } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, body: { message: 'The request headers are too large', code: 'HEADERS_TOO_LARGE', details: null } };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, body: { message: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT', details: null } };
    default:
      return { status: 400, body: { message: 'The request is malformed', code: 'BAD_REQUEST', details: null } };
  }
}

/**
 * Fastify options that give the framework's own refusals (bad URL encoding, over-long path
 * parameter, over-large headers, malformed HTTP) the API's {message, code, details} body and the
 * security headers, instead of Fastify's and Node's default bodies.
 */
export function frameworkErrorOptions(publicUrl: string): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  const headers = bareSecurityHeaders(publicUrl);
  return {
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const { status, body } = routerError(error);
      void reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
    },
    clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
      // A reset connection has nobody to answer.
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const { status, body } = parserError(error);
      this.log.debug({ err: error }, 'client error');
      if (socket.writable) {
        const json = JSON.stringify(body);
        const lines = [
          `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(json)}`,
          'Connection: close',
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        ];
        socket.write(`${lines.join('\r\n')}\r\n\r\n${json}`);
      }
      socket.destroy(error);
    },
  };
}
