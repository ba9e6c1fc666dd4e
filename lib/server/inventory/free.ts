import 'server-only';
import { sql } from 'drizzle-orm';
import { tables } from '@/lib/server/db';

// What is free, for drizzle queries: the database functions unit_is_free and listing_is_free
// (lib/server/db/functions.sql), which the cart's holds and the catalogue's reads use too.

const u = tables.inventoryUnits;
const l = tables.resaleListings;

/** An inventory unit nobody holds: available, or held by a hold whose time ran out. */
export const unitIsFree = (now: Date) => sql<boolean>`unit_is_free(${u.status}, ${u.heldUntil}, ${now.toISOString()}::timestamptz)`;

/** A resale listing on sale and in no live cart. */
export const listingIsFree = (now: Date) => sql<boolean>`listing_is_free(${l.status}, ${l.holdId}, ${l.heldUntil}, ${now.toISOString()}::timestamptz)`;
