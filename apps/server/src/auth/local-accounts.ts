import type { Config } from '../config';

/**
 * Key under which users of the built-in provider are stored instead of its issuer URL: that URL
 * follows PUBLIC_URL/PORT, and a changed port must not turn every local account into a new person.
 */
export const LOCAL_IDENTITY_ISSUER = 'local';

/** Subject of a local account: the provider name, a pipe, the lower-cased e-mail. */
export function localSubject(email: string): string {
  return `local|${email.trim().toLowerCase()}`;
}

/** The one-click accounts of the local sign-in page, seeded as system users. */
export const LOCAL_SEED_ACCOUNTS = [
  { email: 'founder@visionterminal.local', name: 'Vera Founder', label: 'Founder (system admin)' },
  { email: 'analyst@visionterminal.local', name: 'Alex Analyst', label: 'User' },
  { email: 'demo@visionterminal.local', name: 'Dana Demo', label: 'User' },
] as const;

export const LOCAL_FOUNDER_EMAIL = LOCAL_SEED_ACCOUNTS[0].email;

/**
 * FOUNDER_EMAILS decides; with the local provider and no list, the seeded founder account is the
 * founder so every admin feature can be tried on a fresh machine.
 */
export function effectiveFounderEmails(config: Pick<Config, 'founderEmails' | 'oidc'>): string[] {
  if (config.founderEmails.length) return config.founderEmails;
  return config.oidc.kind === 'local' ? [LOCAL_FOUNDER_EMAIL] : [];
}
