// Assembled by scripts/assemble-modules.mjs from lib/server/*/failures.ts: do not edit (npm run modules).
import { failures as auth, type Codes as authCodes } from '@/lib/server/auth/failures';
import { failures as seasons, type Codes as seasonsCodes } from '@/lib/server/seasons/failures';

/** The failure codes the features' domain functions return. */
export type ModuleFailureCode = authCodes | seasonsCodes;

/** The features' failure rows, each feature's own. */
export const moduleFailures = { ...auth, ...seasons } as const;

/** Which feature declares each row (a code declared twice is a test failure). */
export const failureRowsByModule = { 'auth': auth, 'seasons': seasons } as const;
