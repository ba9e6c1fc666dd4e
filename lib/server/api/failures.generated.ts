// Assembled by scripts/assemble-modules.mjs from lib/server/*/failures.ts: do not edit (npm run modules).
import { failures as auth, type Codes as authCodes } from '@/lib/server/auth/failures';
import { failures as cart, type Codes as cartCodes } from '@/lib/server/cart/failures';
import { failures as concessions, type Codes as concessionsCodes } from '@/lib/server/concessions/failures';
import { failures as coupons, type Codes as couponsCodes } from '@/lib/server/coupons/failures';
import { failures as documents, type Codes as documentsCodes } from '@/lib/server/documents/failures';
import { failures as events, type Codes as eventsCodes } from '@/lib/server/events/failures';
import { failures as feedback, type Codes as feedbackCodes } from '@/lib/server/feedback/failures';
import { failures as loyalty, type Codes as loyaltyCodes } from '@/lib/server/loyalty/failures';
import { failures as namedTickets, type Codes as namedTicketsCodes } from '@/lib/server/named-tickets/failures';
import { failures as notifications, type Codes as notificationsCodes } from '@/lib/server/notifications/failures';
import { failures as onboarding, type Codes as onboardingCodes } from '@/lib/server/onboarding/failures';
import { failures as orders, type Codes as ordersCodes } from '@/lib/server/orders/failures';
import { failures as organisations, type Codes as organisationsCodes } from '@/lib/server/organisations/failures';
import { failures as packages, type Codes as packagesCodes } from '@/lib/server/packages/failures';
import { failures as payments, type Codes as paymentsCodes } from '@/lib/server/payments/failures';
import { failures as payouts, type Codes as payoutsCodes } from '@/lib/server/payouts/failures';
import { failures as queue, type Codes as queueCodes } from '@/lib/server/queue/failures';
import { failures as refunds, type Codes as refundsCodes } from '@/lib/server/refunds/failures';
import { failures as resale, type Codes as resaleCodes } from '@/lib/server/resale/failures';
import { failures as scan, type Codes as scanCodes } from '@/lib/server/scan/failures';
import { failures as seasons, type Codes as seasonsCodes } from '@/lib/server/seasons/failures';
import { failures as support, type Codes as supportCodes } from '@/lib/server/support/failures';
import { failures as team, type Codes as teamCodes } from '@/lib/server/team/failures';
import { failures as tickets, type Codes as ticketsCodes } from '@/lib/server/tickets/failures';
import { failures as venues, type Codes as venuesCodes } from '@/lib/server/venues/failures';
import { failures as waitingList, type Codes as waitingListCodes } from '@/lib/server/waiting-list/failures';

/** The failure codes the features' domain functions return. */
export type ModuleFailureCode = authCodes | cartCodes | concessionsCodes | couponsCodes | documentsCodes | eventsCodes | feedbackCodes | loyaltyCodes | namedTicketsCodes | notificationsCodes | onboardingCodes | ordersCodes | organisationsCodes | packagesCodes | paymentsCodes | payoutsCodes | queueCodes | refundsCodes | resaleCodes | scanCodes | seasonsCodes | supportCodes | teamCodes | ticketsCodes | venuesCodes | waitingListCodes;

/** The features' failure rows, each feature's own. */
export const moduleFailures = { ...auth, ...cart, ...concessions, ...coupons, ...documents, ...events, ...feedback, ...loyalty, ...namedTickets, ...notifications, ...onboarding, ...orders, ...organisations, ...packages, ...payments, ...payouts, ...queue, ...refunds, ...resale, ...scan, ...seasons, ...support, ...team, ...tickets, ...venues, ...waitingList } as const;

/** Which feature declares each row (a code declared twice is a test failure). */
export const failureRowsByModule = { 'auth': auth, 'cart': cart, 'concessions': concessions, 'coupons': coupons, 'documents': documents, 'events': events, 'feedback': feedback, 'loyalty': loyalty, 'named-tickets': namedTickets, 'notifications': notifications, 'onboarding': onboarding, 'orders': orders, 'organisations': organisations, 'packages': packages, 'payments': payments, 'payouts': payouts, 'queue': queue, 'refunds': refunds, 'resale': resale, 'scan': scan, 'seasons': seasons, 'support': support, 'team': team, 'tickets': tickets, 'venues': venues, 'waiting-list': waitingList } as const;
