/** A unique index refused the row (PostgreSQL 23505), as postgres.js or PGlite (or drizzle wrapping either) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

// A transaction PostgreSQL rolled back only because another ran at the same moment (a deadlock or a
// serialization failure) can simply run again; anything else is a real failure.
const TRANSIENT = new Set(['40P01', '40001']);

export function isTransientConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (TRANSIENT.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/** Runs work again (up to `tries` times in all) while it fails by a transient conflict. */
export async function retryOnConflict<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isTransientConflict(error)) throw error;
    }
  }
}
