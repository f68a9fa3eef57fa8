import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { ACCESS_TIERS, CONSOLE_LEVELS, normalizeAccessCode, type AccessTier, type TierOverride } from '@vt/shared';

/**
 * The operator's access-code file (ACCESS_CODES_FILE, default DATA_DIR/access-codes.json). It is read once at
 * start-up and its codes are seeded into the database hashed; the plain codes are never stored or logged.
 * See access-codes.example.json at the repository root for the format.
 */

const code = z.string().trim().min(6, 'a code needs at least 6 characters').max(200);
const limit = z.number().int().min(0).nullable();

const CodesFileSchema = z.object({
  accessCodes: z.array(z.object({ code, tier: z.enum(ACCESS_TIERS), label: z.string().optional() })).default([]),
  consoleCodes: z
    .array(
      z.object({
        code,
        level: z
          .number()
          .int()
          .refine(
            (l) => (CONSOLE_LEVELS as readonly number[]).includes(l),
            'level must be 100, 90, 80, 70, 60, 50 or 40',
          ),
        label: z.string().optional(),
      }),
    )
    .default([]),
  /** Codes answered with the under-construction message instead of being redeemed (empty by default). */
  underConstruction: z.array(z.string().trim().min(1)).default([]),
  /** Per-tier replacements for weeklyImageLimit, imagesPerInstance and mapAccess (R-ACCESS-7). */
  tierOverrides: z
    .partialRecord(
      z.enum(ACCESS_TIERS),
      z
        .object({
          weeklyImageLimit: limit.optional(),
          imagesPerInstance: limit.optional(),
          mapAccess: z.boolean().optional(),
        })
        .strict(),
    )
    .default({}),
});

export type CodesFile = {
  accessCodes: { codeHash: string; hint: string; tier: AccessTier; label: string | undefined }[];
  consoleCodes: { codeHash: string; hint: string; level: number; label: string | undefined }[];
  underConstruction: Set<string>;
  tierOverrides: Partial<Record<AccessTier, TierOverride>>;
};

export const hashAccessCode = (raw: string): string =>
  createHash('sha256').update(normalizeAccessCode(raw)).digest('hex');
/** The last two characters, enough for a founder to tell codes apart in a list. */
export const accessCodeHint = (raw: string): string => `…${normalizeAccessCode(raw).slice(-2)}`;

export class AccessCodesFileError extends Error {
  constructor(file: string, detail: string) {
    super(`Access codes file ${file} is invalid: ${detail}`);
    this.name = 'AccessCodesFileError';
  }
}

/** Reads and validates the file; a missing file means no operator codes (only founder-created ones). */
export function readCodesFile(file: string): CodesFile {
  const empty: CodesFile = { accessCodes: [], consoleCodes: [], underConstruction: new Set(), tierOverrides: {} };
  if (!existsSync(file)) return empty;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AccessCodesFileError(file, `not valid JSON (${(error as Error).message})`);
  }
  const parsed = CodesFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new AccessCodesFileError(
      file,
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  const seen = new Set<string>();
  const once = (raw: string) => {
    const h = hashAccessCode(raw);
    // Said without the code itself, so the message is safe to log.
    if (seen.has(h)) throw new AccessCodesFileError(file, `a code ending in "${accessCodeHint(raw)}" appears twice`);
    seen.add(h);
    return h;
  };
  return {
    accessCodes: parsed.data.accessCodes.map((c) => ({
      codeHash: once(c.code),
      hint: accessCodeHint(c.code),
      tier: c.tier,
      label: c.label,
    })),
    consoleCodes: parsed.data.consoleCodes.map((c) => ({
      codeHash: once(c.code),
      hint: accessCodeHint(c.code),
      level: c.level,
      label: c.label,
    })),
    underConstruction: new Set(parsed.data.underConstruction.map(hashAccessCode)),
    tierOverrides: parsed.data.tierOverrides as Partial<Record<AccessTier, TierOverride>>,
  };
}
