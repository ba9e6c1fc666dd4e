// Assembled by scripts/assemble-modules.mjs from lib/server/*/failures.ts: do not edit (npm run modules).
import { failures as auth, type Codes as authCodes } from '@/lib/server/auth/failures';
import { failures as cart, type Codes as cartCodes } from '@/lib/server/cart/failures';
import { failures as concessions, type Codes as concessionsCodes } from '@/lib/server/concessions/failures';
import { failures as namedTickets, type Codes as namedTicketsCodes } from '@/lib/server/named-tickets/failures';
import { failures as orders, type Codes as ordersCodes } from '@/lib/server/orders/failures';
import { failures as packages, type Codes as packagesCodes } from '@/lib/server/packages/failures';
import { failures as payments, type Codes as paymentsCodes } from '@/lib/server/payments/failures';

/** The failure codes the features' domain functions return. */
export type ModuleFailureCode = authCodes | cartCodes | concessionsCodes | namedTicketsCodes | ordersCodes | packagesCodes | paymentsCodes;

/** The features' failure rows, each feature's own. */
export const moduleFailures = { ...auth, ...cart, ...concessions, ...namedTickets, ...orders, ...packages, ...payments } as const;

/** Which feature declares each row (a code declared twice is a test failure). */
export const failureRowsByModule = { 'auth': auth, 'cart': cart, 'concessions': concessions, 'named-tickets': namedTickets, 'orders': orders, 'packages': packages, 'payments': payments } as const;
