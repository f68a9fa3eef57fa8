import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { User } from '@vt/shared';
import { isAdminCapable, requireAdmin, requireFounder } from './guards';
import { AppError } from '../lib/errors';

const user = (role: 'founder' | 'user', email = 'x@example.com') => ({ id: 'u1', email, role }) as User;
const request = (u: User | null, check?: (u: User) => Promise<boolean>) =>
  ({
    user: u,
    auth: { status: u ? 'authenticated' : 'anonymous' },
    server: { adminCapability: check },
  }) as unknown as FastifyRequest;

describe('admin capability', () => {
  it('admits the founder role without asking further', async () => {
    let asked = false;
    const r = request(user('founder'), async () => ((asked = true), false));
    expect(await isAdminCapable(r)).toBe(true);
    expect((await requireAdmin(r)).role).toBe('founder');
    expect(asked).toBe(false);
  });

  it('admits whoever the installed check admits (e.g. an admin-code holder), and no one else', async () => {
    const check = async (u: User) => u.email === 'holder@example.com';
    expect(await isAdminCapable(request(user('user', 'holder@example.com'), check))).toBe(true);
    expect(await isAdminCapable(request(user('user'), check))).toBe(false);
    await expect(requireAdmin(request(user('user'), check))).rejects.toMatchObject({ status: 403 });
    // requireFounder itself stays role-only.
    expect(() => requireFounder(request(user('user', 'holder@example.com'), check))).toThrow(AppError);
  });

  it('refuses when signed out, and without a check only the role counts', async () => {
    expect(await isAdminCapable(request(null))).toBe(false);
    await expect(requireAdmin(request(null))).rejects.toMatchObject({ status: 401 });
    expect(await isAdminCapable(request(user('user')))).toBe(false);
  });
});
