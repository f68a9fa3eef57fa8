import type { FastifyRequest } from 'fastify';
import type { User } from '@vt/shared';
import { AppError, forbidden } from '../lib/errors';

/** What the session hook found for this request. */
export type AuthState =
  { status: 'anonymous' } | { status: 'expired' } | { status: 'authenticated'; sessionId: string; expiresAt: Date };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, filled from the session cookie before any handler runs; null when signed out. */
    user: User | null;
    /** Whether a session cookie was absent, stale, or valid. */
    auth: AuthState;
  }
}

/** The signed-in user, or a 401: `session_expired` when a cookie was sent but no longer names a live session. */
export function requireUser(request: FastifyRequest): User {
  if (request.user) return request.user;
  if (request.auth?.status === 'expired') {
    throw new AppError(401, 'session_expired', 'Your session has expired. Please sign in again.');
  }
  throw new AppError(401, 'unauthorized', 'Sign in to continue.');
}

/** The signed-in founder (system admin), decided on the server from the stored role; 403 for everyone else. */
export function requireFounder(request: FastifyRequest): User {
  const user = requireUser(request);
  if (user.role !== 'founder') throw forbidden('Only the system administrator can do this.');
  return user;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Decides admin capability beyond the stored role (R-ADMIN-2: founder e-mails and holders of the founder or
     * admin access code). Installed by the access module; absent, only the founder role counts.
     */
    adminCapability?: (user: User) => Promise<boolean>;
  }
}

/** Whether the signed-in user may use admin features: the founder role, or what `adminCapability` grants. */
export async function isAdminCapable(request: FastifyRequest): Promise<boolean> {
  const user = request.user;
  if (!user) return false;
  if (user.role === 'founder') return true;
  return (await request.server.adminCapability?.(user)) ?? false;
}

/** Like requireFounder, but also admits everyone isAdminCapable admits; 403 for the rest. */
export async function requireAdmin(request: FastifyRequest): Promise<User> {
  const user = requireUser(request);
  if (!(await isAdminCapable(request))) throw forbidden('Only the system administrator can do this.');
  return user;
}
