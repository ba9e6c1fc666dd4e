import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';
import { orgAccess, type AccessFailure } from '@/lib/server/organiser/access';
import type { LoyaltyProgram, LoyaltyProgramInput } from '@/lib/schemas/loyalty';

// An organiser's loyalty programme: what a check-in and a euro/koruna spent earn, and what points are
// worth when a fan pays with them (cart/loyalty.ts). The points themselves
// are written by the database (lib/server/db/functions.sql, loyalty_*), never here.

const p = tables.loyaltyPrograms;

async function readProgram(orgId: string): Promise<LoyaltyProgram> {
  const db = getDb();
  const [row] = await db
    .select({ enabled: p.enabled, attendancePoints: p.attendancePoints, pointsPerUnit: p.pointsPerUnit, redeemRate: p.redeemRate, redeemMaxPercent: p.redeemMaxPercent })
    .from(p)
    .where(eq(p.orgId, orgId));
  const [members] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tables.loyaltyBalances)
    .where(eq(tables.loyaltyBalances.orgId, orgId));
  return { ...(row ?? { enabled: false, attendancePoints: 0, pointsPerUnit: 0, redeemRate: 0, redeemMaxPercent: 100 }), members: Number(members?.n ?? 0) };
}

/** GET …/organisations/{orgId}/loyalty (owner, manager). */
export async function getLoyaltyProgram(userId: string, orgId: string): Promise<({ ok: true } & LoyaltyProgram) | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  return { ok: true, ...(await readProgram(orgId)) };
}

/** PUT …/organisations/{orgId}/loyalty: from now on; points already earned stay. */
export async function setLoyaltyProgram(userId: string, orgId: string, input: LoyaltyProgramInput): Promise<({ ok: true } & LoyaltyProgram) | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  const values = {
    enabled: input.enabled,
    attendancePoints: input.attendancePoints,
    pointsPerUnit: input.pointsPerUnit,
    redeemRate: input.redeemRate,
    redeemMaxPercent: input.redeemMaxPercent,
    updatedAt: new Date(),
  };
  await getDb()
    .insert(p)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: p.orgId, set: values });
  return { ok: true, ...(await readProgram(orgId)) };
}
