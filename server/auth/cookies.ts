import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../http/context';
import {
  ACCESS_COOKIE,
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_TTL_SECONDS,
} from './constants';
import type { IssuedTokens } from './sessions';

/** HttpOnly so scripts never see the tokens; SameSite=Lax so cross-site posts carry no session. */
function base(config: ServerConfig) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
}

export function setSessionCookies(reply: FastifyReply, config: ServerConfig, tokens: IssuedTokens): void {
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base(config), path: '/', maxAge: ACCESS_TOKEN_TTL_SECONDS });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base(config),
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearSessionCookies(reply: FastifyReply, config: ServerConfig): void {
  reply.clearCookie(ACCESS_COOKIE, { ...base(config), path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base(config), path: REFRESH_COOKIE_PATH });
}
