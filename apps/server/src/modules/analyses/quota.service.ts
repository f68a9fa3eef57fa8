/**
 * The one gate every upload passes before work is accepted: the port the analysis module needs, which modules/access
 * implements (the weekly limit, checked and counted in one statement on the server). An implementation refuses by
 * throwing an AppError (429 with the reason).
 */
export interface QuotaService {
  reserve(userId: string, count: number): Promise<void>;
  /** Throws the refusal `reserve` would give one more image, without reserving (an early, cheap answer). */
  ensureRoom?(userId: string): Promise<void>;
  /** Gives back a reservation whose upload then failed, so a storage error does not cost the user images. */
  release?(userId: string, count: number): Promise<void>;
  /**
   * Reserves as many of `count` images as the week has room for (a trip's batch, R-TRIP-2): `granted` of them, and
   * `refusal` the weekly-limit refusal the others get (null when all fit). Refuses the whole batch, as `reserve`
   * does, when it holds more images than one upload may.
   */
  reserveUpTo?(userId: string, count: number): Promise<{ granted: number; refusal: Error | null }>;
  /** How many images one upload of this user may hold (the access tier's), or null for no limit of its own. */
  imagesPerUpload?(userId: string): Promise<number | null>;
}

/** No limit: for tests and tools that exercise intake without the access module. */
export class AllowAllQuotaService implements QuotaService {
  async reserve(_userId: string, _count: number): Promise<void> {}
  async reserveUpTo(_userId: string, count: number) {
    return { granted: count, refusal: null };
  }
}
