// Assembled by scripts/assemble-modules.mjs from lib/server/*/failures.ts: do not edit (npm run modules).
import { failures as auth, type Codes as authCodes } from '@/lib/server/auth/failures';
import { failures as seasons, type Codes as seasonsCodes } from '@/lib/server/seasons/failures';
import { failures as team, type Codes as teamCodes } from '@/lib/server/team/failures';
import { failures as venues, type Codes as venuesCodes } from '@/lib/server/venues/failures';

/** The failure codes the features' domain functions return. */
export type ModuleFailureCode = authCodes | seasonsCodes | teamCodes | venuesCodes;

/** The features' failure rows, each feature's own. */
export const moduleFailures = { ...auth, ...seasons, ...team, ...venues } as const;

/** Which feature declares each row (a code declared twice is a test failure). */
export const failureRowsByModule = { 'auth': auth, 'seasons': seasons, 'team': team, 'venues': venues } as const;
