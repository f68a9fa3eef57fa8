import type { User } from '@vt/shared';
import { AppError } from '../../lib/errors';
import type { BlobStorage } from '../../adapters/storage/storage';
import type { AccountRepository } from './account.repository';

export type AccountExport = Awaited<ReturnType<AccountService['exportData']>>;

/** R-PRIVACY-2: a user can take all their data with them, and remove it. */
export class AccountService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly storage: BlobStorage,
    private readonly log: (message: string, details: Record<string, unknown>) => void,
  ) {}

  async exportData(user: User) {
    const [
      profile,
      analyses,
      locations,
      locationIndex,
      accessCodeRedemptions,
      activity,
      gallery,
      feedback,
      categories,
    ] = await Promise.all([
      this.repo.profile(user.id),
      this.repo.analyses(user.id),
      this.repo.locations(user.id),
      this.repo.locationIndex(user.id),
      this.repo.redemptions(user.id),
      this.repo.activity(user.id),
      this.repo.gallery(user.id),
      this.repo.feedback(user.id),
      this.repo.categories(user.id),
    ]);
    if (!profile) throw new AppError(401, 'unauthorized', 'Sign in to continue.');
    return {
      exportedAt: new Date().toISOString(),
      profile: {
        id: profile.id,
        email: profile.email,
        name: profile.name,
        picture: profile.picture,
        company: profile.company,
        customRole: profile.customRole,
        timeZone: profile.timeZone,
        role: profile.role,
        provider: profile.provider,
        signupDate: profile.signupDate,
        lastLogin: profile.lastLogin,
        loginCount: profile.loginCount,
        analysisCount: profile.analysisCount,
        recentSignIns: profile.sessions,
      },
      analyses,
      locations,
      locationIndex,
      accessCodeRedemptions,
      activity,
      rememberedPlaces: gallery,
      feedback,
      categories,
    };
  }

  /** The typed e-mail is the confirmation: a stray click or a forged request cannot erase an account. */
  async deleteAccount(user: User, confirm: string): Promise<void> {
    if (confirm.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(400, 'confirmation_mismatch', 'Type your e-mail address to confirm.');
    }
    const keys = await this.repo.deleteUser(user.id);
    // After commit, as for a single analysis: a failed file delete leaves an orphan file, never a dangling record.
    for (const key of keys) {
      await this.storage
        .delete(key)
        .catch((err: unknown) => this.log('could not delete stored image', { key, err: String(err) }));
    }
  }
}
