// Assembled by scripts/assemble-modules.mjs from lib/server/*/failures.ts: do not edit (npm run modules).
import { failures as auth, type Codes as authCodes } from '@/lib/server/auth/failures';

/** The failure codes the features' domain functions return. */
export type ModuleFailureCode = authCodes;

/** The features' failure rows, each feature's own. */
export const moduleFailures = { ...auth } as const;

/** Which feature declares each row (a code declared twice is a test failure). */
export const failureRowsByModule = { 'auth': auth } as const;
