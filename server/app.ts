import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fastifyPath, loadCatalogue, type Catalogue } from './catalogue/load';
import type { AuthUser, CallRoute } from './http/call';
import type { ServerContext } from './http/context';
import { registerCrossSiteGuard } from './http/crossSiteGuard';
import { errorHandler } from './http/errorHandler';
import { unauthenticated } from './http/errors';
import { frameworkErrorOptions } from './http/frameworkErrors';
import { registerRateLimits } from './http/rateLimit';
import { registerHealthRoutes } from './http/health';
import { keepRawBody } from './http/rawBody';
import { stripeBrowserSources } from './payments/stripeSettings';
import { registerSecurityHeaders } from './http/securityHeaders';
import { logoImageOrigins } from './routes/account/logoService';
import { createValidatorCompiler } from './http/validation';
import { withLogRedaction } from './security/logRedaction';

/** Resolves the signed-in user from a request (cookies); null when nobody is signed in. */
export type Authenticate = (request: FastifyRequest) => Promise<AuthUser | null>;

export interface BuildAppOptions {
  /** The auth engineer's hook; without it every `auth !== false` call answers 401. */
  authenticate?: Authenticate;
  /** Defaults to schemas/api; tests pass a folder with their own call files. */
  catalogue?: Catalogue;
  logger?: FastifyServerOptions['logger'];
  /** Request body limit in bytes (JSON); uploads have their own limit. */
  bodyLimit?: number;
  /** Profile pictures and other uploads. */
  maxUploadBytes?: number;
  /**
   * Trust X-Forwarded-* (request.ip, protocol) only behind a known proxy; otherwise a client
   * could pick its own IP and slip past per-IP limits. Default false. Trust a number of hops or the
   * proxies' addresses (parseTrustProxy), never `true`: that trusts every hop a client may have written.
   */
  trustProxy?: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Extra origins the browser may connect to under the CSP; defaults to the Sentry DSN's host. */
  connectSources?: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on calls that need a user. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    catalogue: Catalogue;
    /** Catalogue calls that have no route module yet (not registered, so they answer 404). */
    notImplemented: string[];
  }
}

export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * The API: every CallRoute is registered at the method and path its catalogue file names, with the
 * file's request schemas for validation and its response schema for 2xx serialisation, so routes
 * cannot drift from the contract the client and lint read.
 */
export async function buildApp(ctx: ServerContext, routes: CallRoute[], options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const catalogue = options.catalogue ?? loadCatalogue();
  const app = Fastify({
    logger: withLogRedaction(options.logger ?? false),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    ...frameworkErrorOptions(ctx.config.publicUrl),
  });
  app.decorate('catalogue', catalogue);
  app.decorateRequest('user', null);

  for (const schema of catalogue.shared) app.addSchema(schema);
  app.setValidatorCompiler(createValidatorCompiler(catalogue.shared));
  app.setErrorHandler(errorHandler);

  await registerSecurityHeaders(app, {
    publicUrl: ctx.config.publicUrl,
    connectSources: options.connectSources ?? errorReporterOrigins(process.env.VITE_SENTRY_DSN),
    imageSources: logoImageOrigins(),
    paymentSources: stripeBrowserSources(ctx.config.stripe),
  });
  registerCrossSiteGuard(app, ctx.config.publicUrl);
  await app.register(fastifyCookie);
  await registerRateLimits(app, ctx);
  // Plain HTML form posts (login as a browser navigation, the local checkout and reset pages).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  await app.register(fastifyMultipart, { limits: { fileSize: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES, files: 1 } });

  const authenticate = options.authenticate ?? (async () => null);
  const seen = new Set<string>();
  for (const route of routes) {
    const call = catalogue.calls[route.id];
    if (!call) throw new Error(`Route module "${route.id}" has no call file schemas/api/calls/${route.id}.json`);
    if (seen.has(route.id)) throw new Error(`Call "${route.id}" is registered twice`);
    seen.add(route.id);
    const needsAuth = route.auth !== false;
    app.route({
      method: call.method,
      url: fastifyPath(call.path),
      schema: {
        ...(call.body ? { body: call.body } : {}),
        ...(call.query ? { querystring: call.query } : {}),
        ...(call.params ? { params: call.params } : {}),
        response: { '2xx': call.response },
      },
      // Auth runs before validation: an anonymous caller learns nothing about the request shape.
      onRequest: needsAuth
        ? async (request: FastifyRequest) => {
            const user = await authenticate(request);
            if (!user) throw unauthenticated();
            request.user = user;
          }
        : undefined,
      preParsing: route.rawBody ? keepRawBody : undefined,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await route.handler({
          body: request.body,
          query: request.query,
          params: request.params,
          user: request.user as AuthUser,
          ctx,
          request,
          reply,
        });
        if (result === reply || reply.sent) return reply;
        if (result === undefined) return reply.code(204).send();
        return result;
      },
    });
  }
  app.decorate(
    'notImplemented',
    Object.keys(catalogue.calls)
      .filter((id) => !seen.has(id))
      .sort(),
  );

  const webDir = ctx.config.webDir;
  const serveWeb = webDir !== null && fs.existsSync(path.join(webDir, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: ['index.html'],
      // Source maps stay private (uploaded to error reporting, if anywhere): answered as unknown files.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // Vite's hashed bundles never change under the same name; index.html must always revalidate.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Liveness (/healthz) and readiness (/readyz) for load balancers and deploy checks; outside /api and the catalogue on purpose.
  registerHealthRoutes(app, ctx);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    // SPA fallback: client-side routes (no file extension) outside /api get the app shell.
    if (serveWeb && (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api') && !path.extname(pathname)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ message: `Route ${request.method} ${pathname} not found`, code: 'NOT_FOUND', details: null });
  });

  return app;
}

/** The browser's error reporter sends to its DSN's host, which the CSP must then allow. */
function errorReporterOrigins(dsn: string | undefined): string[] {
  if (!dsn?.trim()) return [];
  try {
    return [new URL(dsn.trim()).origin];
  } catch {
    return [];
  }
}
