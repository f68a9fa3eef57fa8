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
}

/** No limit: for tests and tools that exercise intake without the access module. */
export class AllowAllQuotaService implements QuotaService {
  async reserve(_userId: string, _count: number): Promise<void> {}
}
