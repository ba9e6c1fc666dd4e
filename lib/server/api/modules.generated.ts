// Assembled by scripts/assemble-modules.mjs from lib/server/*/module.ts: do not edit (npm run modules).
import 'server-only';
import type { Module } from './operation';
import auth from '@/lib/server/auth/module';
import events from '@/lib/server/events/module';

export const apiModules: readonly Module[] = [auth, events];
