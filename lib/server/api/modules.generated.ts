// Assembled by scripts/assemble-modules.mjs from lib/server/*/module.ts: do not edit (npm run modules).
import 'server-only';
import type { Module } from './operation';
import auth from '@/lib/server/auth/module';
import cart from '@/lib/server/cart/module';
import concessions from '@/lib/server/concessions/module';
import coupons from '@/lib/server/coupons/module';
import documents from '@/lib/server/documents/module';
import events from '@/lib/server/events/module';
import feedback from '@/lib/server/feedback/module';
import loyalty from '@/lib/server/loyalty/module';
import namedTickets from '@/lib/server/named-tickets/module';
import notifications from '@/lib/server/notifications/module';
import openapi from '@/lib/server/openapi/module';
import orders from '@/lib/server/orders/module';
import packages from '@/lib/server/packages/module';
import payments from '@/lib/server/payments/module';
import payouts from '@/lib/server/payouts/module';
import reports from '@/lib/server/reports/module';
import resale from '@/lib/server/resale/module';
import scan from '@/lib/server/scan/module';
import seasons from '@/lib/server/seasons/module';
import team from '@/lib/server/team/module';
import tickets from '@/lib/server/tickets/module';
import venues from '@/lib/server/venues/module';
import waitingList from '@/lib/server/waiting-list/module';
import wallet from '@/lib/server/wallet/module';

export const apiModules: readonly Module[] = [auth, cart, concessions, coupons, documents, events, feedback, loyalty, namedTickets, notifications, openapi, orders, packages, payments, payouts, reports, resale, scan, seasons, team, tickets, venues, waitingList, wallet];
