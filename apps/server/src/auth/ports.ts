/**
 * What sign-in needs of the accounts, declared here so that auth depends on no module: modules/users implements it
 * and the app passes it in (auth.plugin.ts).
 */
import type { User } from '@vt/shared';
import type { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** What a sign-in tells us about a person, taken from the provider's ID token and userinfo. */
export type SignInClaims = {
  sub: string;
  email?: string | undefined;
  email_verified?: boolean | undefined;
  name?: string | undefined;
  nickname?: string | undefined;
  picture?: string | undefined;
};

export type SignInInput = {
  /** Stable key of the identity provider (its issuer; see auth for the local one). */
  issuer: string;
  claims: SignInClaims;
  host: string;
  userAgent: string;
  now?: Date;
};

export type SignInResult = { user: User; firstSignIn: boolean };

/** An account to create at start-up (the local provider's one-click accounts). */
export type SystemAccount = { subject: string; email: string; name: string };

export interface UserAccounts {
  /** Creates or updates the account of a person who just signed in. */
  recordSignIn(input: SignInInput): Promise<SignInResult>;
  /** Creates the given accounts when missing (the local provider's one-click accounts). */
  seedSystemUsers(issuer: string, accounts: SystemAccount[]): Promise<void>;
  /** The account as the API shows it. */
  toDto(row: UserRow): User;
}
