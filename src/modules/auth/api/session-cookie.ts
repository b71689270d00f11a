import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../../common/auth/auth.guard';
import { SESSION_MAX_MS } from '../domain/session';

export function setSessionCookie(reply: FastifyReply, sessionId: string, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: SESSION_MAX_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}
