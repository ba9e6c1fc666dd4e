// Assembled by scripts/assemble-modules.mjs from lib/server/*/failures.ts: do not edit (npm run modules).
import { failures as auth, type Codes as authCodes } from '@/lib/server/auth/failures';
import { failures as events, type Codes as eventsCodes } from '@/lib/server/events/failures';

/** The failure codes the features' domain functions return. */
export type ModuleFailureCode = authCodes | eventsCodes;

/** The features' failure rows, each feature's own. */
export const moduleFailures = { ...auth, ...events } as const;

/** Which feature declares each row (a code declared twice is a test failure). */
export const failureRowsByModule = { 'auth': auth, 'events': events } as const;
