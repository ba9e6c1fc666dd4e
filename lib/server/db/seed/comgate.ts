import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';

/** The demo organisation that takes its payments through Comgate when the demo has a Comgate account (or its local fake). */
export const COMGATE_DEMO_ORG = 'hc-vltava-praha';
/** e2e only: an organisation of its own and its concert, so that no other journey's payments move to Comgate. */
export const E2E_COMGATE_ORG = 'e2e-sokol-vysehrad';
export const E2E_COMGATE_EVENT = 'e2e-comgate-koncert';

/**
 * With COMGATE_MERCHANT and COMGATE_SECRET set (the demo next to scripts/comgate-fake-server.ts, or a real
 * Comgate test account), HC Vltava Praha (CZK) pays through Comgate: organisations.payment_provider
 * (payments/index.ts). The e2e server instead gets an organisation and a concert of its own for it.
 */
export async function seedComgate(db: Db): Promise<void> {
  if (!process.env.COMGATE_MERCHANT || !process.env.COMGATE_SECRET) return;
  if (process.env.TRIBUNA_E2E !== '1') {
    await db.update(s.organisations).set({ paymentProvider: 'comgate' }).where(eq(s.organisations.slug, COMGATE_DEMO_ORG));
    return;
  }
  const [exists] = await db.select({ id: s.organisations.id }).from(s.organisations).where(eq(s.organisations.slug, E2E_COMGATE_ORG));
  if (exists) return;
  const [club] = await db.select().from(s.organisations).where(eq(s.organisations.slug, COMGATE_DEMO_ORG));
  const [source] = await db.select().from(s.events).where(eq(s.events.slug, 'kovove-nebe-praha'));
  if (!club || !source) return;
  const { id: _o, createdAt: _oc, ...orgCopy } = club;
  const [org] = await db
    .insert(s.organisations)
    .values({
      ...orgCopy,
      slug: E2E_COMGATE_ORG,
      name: 'Sokol Vyšehrad',
      legalName: 'Sokol Vyšehrad, z.s.',
      website: null,
      contactEmail: 'pokladna@sokol-vysehrad.example',
      paymentProvider: 'comgate',
    })
    .returning({ id: s.organisations.id });
  const { id: _e, createdAt: _c, updatedAt: _u, ...eventCopy } = source;
  const title = { sk: 'E2E: koncert so Comgate', cs: 'E2E: koncert s Comgate', en: 'E2E: concert paid by Comgate' };
  const [event] = await db
    .insert(s.events)
    .values({ ...eventCopy, orgId: org.id, slug: E2E_COMGATE_EVENT, title, summary: title, searchText: 'e2e koncert comgate sokol vysehrad' })
    .returning({ id: s.events.id });
  const types = await db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, source.id));
  for (const type of types) {
    const { id: _t, eventId: _te, ...typeCopy } = type;
    const [copy] = await db.insert(s.ticketTypes).values({ ...typeCopy, eventId: event.id }).returning({ id: s.ticketTypes.id });
    const units = await db.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).where(eq(s.inventoryUnits.ticketTypeId, type.id));
    if (units.length) await db.insert(s.inventoryUnits).values(units.map((u) => ({ eventId: event.id, ticketTypeId: copy.id, seatId: u.seatId })));
  }
}
