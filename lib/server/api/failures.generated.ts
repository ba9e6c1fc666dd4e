// Assembled by scripts/assemble-modules.mjs from lib/server/*/failures.ts: do not edit (npm run modules).
import { failures as auth, type Codes as authCodes } from '@/lib/server/auth/failures';
import { failures as coupons, type Codes as couponsCodes } from '@/lib/server/coupons/failures';
import { failures as payouts, type Codes as payoutsCodes } from '@/lib/server/payouts/failures';
import { failures as resale, type Codes as resaleCodes } from '@/lib/server/resale/failures';
import { failures as scan, type Codes as scanCodes } from '@/lib/server/scan/failures';
import { failures as tickets, type Codes as ticketsCodes } from '@/lib/server/tickets/failures';

/** The failure codes the features' domain functions return. */
export type ModuleFailureCode = authCodes | couponsCodes | payoutsCodes | resaleCodes | scanCodes | ticketsCodes;

/** The features' failure rows, each feature's own. */
export const moduleFailures = { ...auth, ...coupons, ...payouts, ...resale, ...scan, ...tickets } as const;

/** Which feature declares each row (a code declared twice is a test failure). */
export const failureRowsByModule = { 'auth': auth, 'coupons': coupons, 'payouts': payouts, 'resale': resale, 'scan': scan, 'tickets': tickets } as const;
