// Assembled by scripts/assemble-modules.mjs from lib/server/*/module.ts: do not edit (npm run modules).
import 'server-only';
import type { Module } from './operation';
import auth from '@/lib/server/auth/module';
import coupons from '@/lib/server/coupons/module';
import payouts from '@/lib/server/payouts/module';
import resale from '@/lib/server/resale/module';
import scan from '@/lib/server/scan/module';
import tickets from '@/lib/server/tickets/module';

export const apiModules: readonly Module[] = [auth, coupons, payouts, resale, scan, tickets];
