// Assembled by scripts/assemble-modules.mjs from lib/server/*/module.ts: do not edit (npm run modules).
import 'server-only';
import type { Module } from './operation';
import auth from '@/lib/server/auth/module';
import feedback from '@/lib/server/feedback/module';
import loyalty from '@/lib/server/loyalty/module';
import notifications from '@/lib/server/notifications/module';
import reports from '@/lib/server/reports/module';
import waitingList from '@/lib/server/waiting-list/module';

export const apiModules: readonly Module[] = [auth, feedback, loyalty, notifications, reports, waitingList];
