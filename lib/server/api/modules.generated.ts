// Assembled by scripts/assemble-modules.mjs from lib/server/*/module.ts: do not edit (npm run modules).
import 'server-only';
import type { Module } from './operation';
import auth from '@/lib/server/auth/module';
import seasons from '@/lib/server/seasons/module';
import team from '@/lib/server/team/module';
import venues from '@/lib/server/venues/module';

export const apiModules: readonly Module[] = [auth, seasons, team, venues];
