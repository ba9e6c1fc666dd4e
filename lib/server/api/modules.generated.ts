// Assembled by scripts/assemble-modules.mjs from lib/server/*/module.ts: do not edit (npm run modules).
import 'server-only';
import type { Module } from './operation';
import auth from '@/lib/server/auth/module';
import cart from '@/lib/server/cart/module';
import concessions from '@/lib/server/concessions/module';
import namedTickets from '@/lib/server/named-tickets/module';
import orders from '@/lib/server/orders/module';
import packages from '@/lib/server/packages/module';
import payments from '@/lib/server/payments/module';
import wallet from '@/lib/server/wallet/module';

export const apiModules: readonly Module[] = [auth, cart, concessions, namedTickets, orders, packages, payments, wallet];
