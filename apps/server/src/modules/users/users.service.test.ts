import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { UsersRepository } from './users.repository';
import { pickName, providerOf, UsersService } from './users.service';

describe('UsersService login tracking (R-USER-2)', () => {
  let t: TestDatabase;
  let repo: UsersRepository;
  let service: UsersService;
  const issuer = 'https://id.example.com/';
  const signIn = (sub: string, claims: Record<string, unknown> = {}, now?: Date) =>
    service.recordSignIn({
      issuer,
      claims: { sub, email: `${sub.split('|').pop()}@example.com`, ...claims },
      host: 'vt.example.com',
      userAgent: 'UA/1',
      now,
    });

  beforeAll(async () => {
    t = await openTestDatabase();
    repo = new UsersRepository(t.database.db);
    service = new UsersService(repo, { founderEmails: ['Boss@Example.com'] });
  });
  afterAll(async () => t?.close());

  it('creates a first-seen user with isNew, loginCount 1, a signup and a login activity', async () => {
    const now = new Date('2025-03-01T10:00:00Z');
    const { user, firstSignIn } = await signIn('auth0|first', { name: 'First Person', email_verified: true }, now);
    expect(firstSignIn).toBe(true);
    expect(user).toMatchObject({
      isNew: true,
      loginCount: 1,
      provider: 'auth0',
      name: 'First Person',
      emailVerified: true,
      signupDate: now.toISOString(),
      firstSeen: now.toISOString(),
      lastLogin: now.toISOString(),
      sessions: [{ loginTime: now.toISOString(), host: 'vt.example.com', userAgent: 'UA/1' }],
    });
    const activity = await repo.listActivity(user.id);
    expect(activity.map((a) => a.type)).toEqual(['signup', 'login']);
    expect(activity[0]).toMatchObject({ userEmail: 'first@example.com', userName: 'First Person' });
  });

  it('counts a returning user: isNew false, loginCount +1, lastLogin, one more login activity, no new signup', async () => {
    const first = await signIn('auth0|back', {}, new Date('2025-03-01T10:00:00Z'));
    const later = new Date('2025-03-02T08:30:00Z');
    const { user, firstSignIn } = await signIn('auth0|back', { name: 'Renamed' }, later);
    expect(firstSignIn).toBe(false);
    expect(user.id).toBe(first.user.id);
    expect(user).toMatchObject({
      isNew: false,
      loginCount: 2,
      name: 'Renamed',
      lastLogin: later.toISOString(),
      lastActive: later.toISOString(),
    });
    expect(user.signupDate).toBe(first.user.signupDate);
    expect((await repo.listActivity(user.id)).map((a) => a.type)).toEqual(['signup', 'login', 'login']);
  });

  it('keeps only the last 10 sessions', async () => {
    const base = Date.parse('2025-04-01T00:00:00Z');
    let last;
    for (let i = 0; i < 13; i++) last = await signIn('auth0|many', {}, new Date(base + i * 60_000));
    expect(last!.user.loginCount).toBe(13);
    expect(last!.user.sessions).toHaveLength(10);
    expect(last!.user.sessions[0]!.loginTime).toBe(new Date(base + 3 * 60_000).toISOString());
    expect(last!.user.sessions[9]!.loginTime).toBe(new Date(base + 12 * 60_000).toISOString());
  });

  it('decides the founder role at every sign-in from the configured e-mails', async () => {
    const { user } = await signIn('google-oauth2|boss', { email: 'boss@EXAMPLE.com' });
    expect(user).toMatchObject({ role: 'founder', permissions: ['full_access'], provider: 'google-oauth2' });
    expect(user.metadata).toMatchObject({ role: 'founder', privileges: ['full_access'] });
    // The list changes (new configuration): the next sign-in demotes.
    const other = new UsersService(repo, { founderEmails: [] });
    const again = await other.recordSignIn({
      issuer,
      claims: { sub: 'google-oauth2|boss', email: 'boss@example.com' },
      host: 'h',
      userAgent: 'u',
    });
    expect(again.user).toMatchObject({ role: 'user', permissions: ['view_public_data', 'basic_analysis'] });
    expect(again.user.metadata).toMatchObject({ role: 'basic_user' });
  });

  it('seeds system users idempotently; their first real sign-in counts as the sign-up', async () => {
    const accounts = [{ subject: 'local|seed@example.com', email: 'seed@example.com', name: 'Seed' }];
    await service.seedSystemUsers('local', accounts);
    await service.seedSystemUsers('local', accounts);
    const seeded = await repo.findByIdentity('local', 'local|seed@example.com');
    expect(seeded).toMatchObject({ isSystem: true, loginCount: 0, role: 'user' });
    const { user, firstSignIn } = await service.recordSignIn({
      issuer: 'local',
      claims: { sub: 'local|seed@example.com', email: 'seed@example.com', name: 'Seed' },
      host: 'h',
      userAgent: 'u',
    });
    expect(firstSignIn).toBe(true);
    expect(user).toMatchObject({ id: seeded!.id, isNew: true, loginCount: 1 });
    expect((await repo.listActivity(user.id)).map((a) => a.type)).toEqual(['signup', 'login']);
  });

  it('refuses a sign-in without an e-mail', async () => {
    await expect(
      service.recordSignIn({ issuer, claims: { sub: 'x|noemail' }, host: 'h', userAgent: 'u' }),
    ).rejects.toThrow(/e-mail/);
  });

  it('updates the profile fields a user may change', async () => {
    const { user } = await signIn('auth0|profile');
    const updated = await service.updateProfile(user.id, {
      company: 'Acme',
      customRole: 'Analyst',
      timeZone: 'Europe/Madrid',
    });
    expect(updated).toMatchObject({
      company: 'Acme',
      customRole: 'Analyst',
      timeZone: 'Europe/Madrid',
      name: user.name,
    });
  });
});

describe('name and provider rules', () => {
  it('falls back from name to nickname to e-mail', () => {
    expect(pickName({ name: 'Ana', nickname: 'ana' }, 'a@x.io')).toBe('Ana');
    expect(pickName({ name: '  ', nickname: 'ana' }, 'a@x.io')).toBe('ana');
    expect(pickName({}, 'a@x.io')).toBe('a@x.io');
  });

  it('takes the provider from the subject before the pipe, else unknown', () => {
    expect(providerOf('google-oauth2|123')).toBe('google-oauth2');
    expect(providerOf('local|a@b.c')).toBe('local');
    expect(providerOf('2f1c-uuid')).toBe('unknown');
    expect(providerOf('|odd')).toBe('unknown');
  });
});
