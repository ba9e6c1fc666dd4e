// Assembled by scripts/assemble-modules.mjs from lib/server/*/module.ts: do not edit (npm run modules).
import 'server-only';
import type { Module } from './operation';
import auth from '@/lib/server/auth/module';
import feedback from '@/lib/server/feedback/module';
import loyalty from '@/lib/server/loyalty/module';
import notifications from '@/lib/server/notifications/module';
import reports from '@/lib/server/reports/module';
import seasons from '@/lib/server/seasons/module';
import team from '@/lib/server/team/module';
import venues from '@/lib/server/venues/module';
import waitingList from '@/lib/server/waiting-list/module';

export const apiModules: readonly Module[] = [auth, feedback, loyalty, notifications, reports, seasons, team, venues, waitingList];
