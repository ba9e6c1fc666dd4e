/** A unique index refused the row (PostgreSQL 23505), as postgres.js or PGlite (or drizzle wrapping either) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
