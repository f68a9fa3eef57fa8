/**
 * The one gate every upload passes before work is accepted. Weekly limits and per-request caps come with the
 * access-codes work (decisions §2: enforced atomically on the server); until then everything is allowed.
 * An implementation refuses by throwing an AppError (429 with the reason).
 */
export interface QuotaService {
  reserve(userId: string, count: number): Promise<void>;
  /** Throws the refusal `reserve` would give one more image, without reserving (an early, cheap answer). */
  ensureRoom?(userId: string): Promise<void>;
  /** Gives back a reservation whose upload then failed, so a storage error does not cost the user images. */
  release?(userId: string, count: number): Promise<void>;
}

export class AllowAllQuotaService implements QuotaService {
  async reserve(_userId: string, _count: number): Promise<void> {}
}
