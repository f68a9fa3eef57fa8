import { LIMITS, type ProfileUpdate, type Role, type User } from '@vt/shared';
import type { SessionEntry } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { SignInClaims, SignInInput, SignInResult, SystemAccount, UserAccounts } from '../../auth/ports';
import type { UserRow, UsersRepository } from './users.repository';

export type { SignInClaims, SignInInput, SignInResult, SystemAccount };

const PERMISSIONS: Record<Role, string[]> = {
  founder: ['full_access'],
  user: ['view_public_data', 'basic_analysis'],
};

/** Users: login tracking (R-USER-2), roles from configuration (R-ADMIN-1), profile. */
export class UsersService implements UserAccounts {
  private readonly founderEmails: Set<string>;
  private readonly firstSignInListeners: ((user: User) => Promise<void>)[] = [];

  constructor(
    private readonly repo: UsersRepository,
    opts: { founderEmails: string[] },
  ) {
    this.founderEmails = new Set(opts.founderEmails.map((e) => e.toLowerCase()));
  }

  /** Called after a person's first sign-in is stored (the notifications of R-USER-3 live in the activity module). */
  onFirstSignIn(listener: (user: User) => Promise<void>): void {
    this.firstSignInListeners.push(listener);
  }

  /** The role is decided again at every sign-in so a change of FOUNDER_EMAILS takes effect on the next one. */
  roleFor(email: string): Role {
    return this.founderEmails.has(email.trim().toLowerCase()) ? 'founder' : 'user';
  }

  /**
   * Records a sign-in: creates the user on first sight (isNew, loginCount 1, signup + login activity),
   * otherwise counts the login and appends the session entry, keeping the last 10.
   * A seeded account that never signed in counts as first seen.
   */
  toDto(row: UserRow): User {
    return toUserDto(row);
  }

  async recordSignIn(input: SignInInput): Promise<SignInResult> {
    const now = input.now ?? new Date();
    const { claims } = input;
    const email = (claims.email ?? '').trim();
    if (!email) throw new Error('The sign-in provider did not share an e-mail address.');
    const name = pickName(claims, email);
    const role = this.roleFor(email);
    const entry: SessionEntry = { loginTime: now.toISOString(), host: input.host, userAgent: input.userAgent };

    const { row, firstSignIn } = await this.repo.transaction(async (repo) => {
      const existing = await repo.findByIdentityForUpdate(input.issuer, claims.sub);
      const firstSignIn = !existing || existing.loginCount === 0;
      const common = {
        email,
        name,
        picture: claims.picture ?? existing?.picture ?? null,
        emailVerified: claims.email_verified ?? existing?.emailVerified ?? false,
        provider: providerOf(claims.sub),
        role,
        metadata: { ...(existing?.metadata ?? {}), ...roleMetadata(role) },
        lastLogin: now,
        lastActive: now,
      };
      let row: UserRow;
      if (!existing) {
        row = await repo.insert({
          ...common,
          issuer: input.issuer,
          subject: claims.sub,
          isNew: true,
          loginCount: 1,
          signupDate: now,
          firstSeen: now,
          sessions: [entry],
        });
      } else {
        row = await repo.updateSignIn(existing.id, {
          ...common,
          isNew: firstSignIn,
          loginCount: existing.loginCount + 1,
          sessions: [...existing.sessions, entry].slice(-LIMITS.sessionsKeptPerUser),
          ...(firstSignIn ? { signupDate: now, firstSeen: now } : {}),
        });
      }
      const who = { userId: row.id, userEmail: row.email, userName: row.name, timestamp: now };
      const details = { host: input.host, userAgent: input.userAgent, provider: row.provider };
      await repo.addActivity([
        ...(firstSignIn ? [{ ...who, type: 'signup', details }] : []),
        { ...who, type: 'login', details: { ...details, loginCount: row.loginCount } },
      ]);
      return { row, firstSignIn };
    });
    const user = toUserDto(row, now);
    if (firstSignIn) await Promise.allSettled(this.firstSignInListeners.map((l) => l(user)));
    return { user, firstSignIn };
  }

  /** Creates the system accounts once; later runs only refresh their role. */
  async seedSystemUsers(issuer: string, accounts: SystemAccount[]): Promise<void> {
    for (const account of accounts) {
      const role = this.roleFor(account.email);
      const row = await this.repo.insertIfAbsent({
        issuer,
        subject: account.subject,
        email: account.email,
        name: account.name,
        emailVerified: true,
        provider: providerOf(account.subject),
        role,
        metadata: roleMetadata(role),
        isSystem: true,
        loginCount: 0,
      });
      if (row.role !== role) await this.repo.setRole(row.id, role, { ...row.metadata, ...roleMetadata(role) });
    }
  }

  async getUser(id: string): Promise<User> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound('This user no longer exists.');
    return toUserDto(row);
  }

  async updateProfile(id: string, patch: ProfileUpdate): Promise<User> {
    const row = await this.repo.updateProfile(id, patch);
    if (!row) throw notFound('This user no longer exists.');
    return toUserDto(row);
  }
}

/** name falls back to nickname, then e-mail (R-USER-1). */
export function pickName(claims: Pick<SignInClaims, 'name' | 'nickname'>, email: string): string {
  return claims.name?.trim() || claims.nickname?.trim() || email;
}

/** The part of the subject before `|` (Auth0 style `google-oauth2|123`), else `unknown`. */
export function providerOf(subject: string): string {
  const i = subject.indexOf('|');
  return i > 0 ? subject.slice(0, i) : 'unknown';
}

export function permissionsFor(role: Role): string[] {
  return [...PERMISSIONS[role]];
}

function roleMetadata(role: Role): Record<string, unknown> {
  return { role: role === 'founder' ? 'founder' : 'basic_user', privileges: permissionsFor(role) };
}

/** The API shape of a user (shared UserSchema). */
export function toUserDto(row: UserRow, now: Date = new Date()): User {
  return {
    id: row.id,
    auth0_id: row.subject,
    issuer: row.issuer,
    email: row.email,
    name: row.name,
    picture: row.picture,
    emailVerified: row.emailVerified,
    provider: row.provider,
    role: row.role,
    permissions: permissionsFor(row.role),
    company: row.company,
    customRole: row.customRole,
    timeZone: row.timeZone,
    metadata: row.metadata,
    signupDate: row.signupDate.toISOString(),
    firstSeen: row.firstSeen.toISOString(),
    lastActive: row.lastActive.toISOString(),
    lastLogin: row.lastLogin.toISOString(),
    isNew: row.isNew,
    isActive: now.getTime() - row.lastActive.getTime() < LIMITS.activeNowMs,
    loginCount: row.loginCount,
    analysisCount: row.analysisCount,
    lastAnalysis: row.lastAnalysis ? row.lastAnalysis.toISOString() : null,
    sessions: row.sessions,
  };
}
