import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { seedEvent } from './catalogue';
import { events as eventSeeds, organisations as orgSeeds, venues as venueSeeds, type EventSeed } from './catalogue-data';

// Packages (issue 18) in the demo: the three days of Lúka Fest 2027 as events of their own with a
// festival pass over all of them and a VIP add-on (parking and the VIP lounge), and family tickets of
// seats together at FK Dunaj's match against MŠK Žilina.

const t = (sk: string, cs: string, en: string) => ({ sk, cs, en });
const fest = eventSeeds.find((e) => e.slug === 'luka-fest-2027')!;

const days: [string, number, ReturnType<typeof t>][] = [
  ['piatok', 150, t('piatok', 'pátek', 'Friday')],
  ['sobota', 151, t('sobota', 'sobota', 'Saturday')],
  ['nedela', 152, t('nedeľa', 'neděle', 'Sunday')],
];

export const festivalDaySlugs = days.map(([slug]) => `luka-fest-2027-${slug}`);
export const FAMILY_EVENT = 'dunaj-bratislava-msk-zilina';

function daySeed([slug, inDays, day]: (typeof days)[number]): EventSeed {
  return {
    ...fest,
    slug: `luka-fest-2027-${slug}`,
    title: t(`Lúka Fest 2027 – ${day.sk}`, `Lúka Fest 2027 – ${day.cs}`, `Lúka Fest 2027 – ${day.en}`),
    summary: t(`Jeden deň Lúka Festu: ${day.sk}.`, `Jeden den Lúka Festu: ${day.cs}.`, `One day of Lúka Fest: ${day.en}.`),
    inDays,
    time: '14:00',
    durationHours: 12,
    ticketTypes: [
      { code: 'DAY', name: t('Denná vstupenka', 'Denní vstupenka', 'Day ticket'), kind: 'standing', price: 3900, color: '#15803d', places: 800 },
      { code: 'PARK', name: t('Parkovanie', 'Parkování', 'Parking'), kind: 'standing', price: 1000, color: '#475569', places: 200 },
      { code: 'LOUNGE', name: t('VIP zóna', 'VIP zóna', 'VIP lounge'), kind: 'standing', price: 4500, color: '#a16207', places: 80 },
    ],
  };
}

async function eventId(db: Db, slug: string) {
  const [row] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, slug));
  return row.id;
}

async function typeId(db: Db, eventSlug: string, code: string) {
  const [row] = await db
    .select({ id: s.ticketTypes.id })
    .from(s.ticketTypes)
    .innerJoin(s.events, eq(s.events.id, s.ticketTypes.eventId))
    .where(and(eq(s.events.slug, eventSlug), eq(s.ticketTypes.code, code)));
  return row.id;
}

async function seedPackage(db: Db, orgId: string, pkg: { name: ReturnType<typeof t>; description: ReturnType<typeof t>; price: number; currency: 'EUR' | 'CZK'; quantity: number }, contents: { eventSlug: string; code: string; quantity: number }[]) {
  const [existing] = await db.select({ id: s.packages.id }).from(s.packages).where(and(eq(s.packages.orgId, orgId), sql`${s.packages.name}->>'en' = ${pkg.name.en}`));
  if (existing) return;
  const [row] = await db.insert(s.packages).values({ orgId, name: pkg.name, description: pkg.description, priceAmount: pkg.price, currency: pkg.currency, quantity: pkg.quantity }).returning({ id: s.packages.id });
  for (const [i, c] of contents.entries()) {
    await db.insert(s.packageContents).values({ packageId: row.id, eventId: await eventId(db, c.eventSlug), ticketTypeId: await typeId(db, c.eventSlug, c.code), quantity: c.quantity, sortOrder: i });
  }
}

export async function seedPackages(db: Db): Promise<void> {
  const orgIds = new Map((await db.select({ id: s.organisations.id, slug: s.organisations.slug }).from(s.organisations)).map((r) => [r.slug, r.id]));
  const venue = venueSeeds.find((v) => v.slug === fest.venue)!;
  const [venueRow] = await db.select({ id: s.venues.id }).from(s.venues).where(eq(s.venues.slug, venue.slug));
  const org = orgSeeds.find((o) => o.slug === fest.org)!;
  for (const day of days) await seedEvent(db, daySeed(day), { orgId: orgIds.get(org.slug)!, venueId: venueRow.id, venue, orgName: org.name });

  const luka = orgIds.get('luka-fest')!;
  await seedPackage(
    db,
    luka,
    {
      name: t('Festivalový pas: piatok – nedeľa', 'Festivalový pas: pátek – neděle', 'Festival pass: Friday to Sunday'),
      description: t(
        'Všetky tri dni Lúka Festu jedným nákupom; na každý deň dostanete vlastnú vstupenku.',
        'Všechny tři dny Lúka Festu jedním nákupem; na každý den dostanete vlastní vstupenku.',
        'All three days of Lúka Fest in one purchase; you get a ticket for each day.',
      ),
      price: 9900,
      currency: 'EUR',
      quantity: 300,
    },
    festivalDaySlugs.map((eventSlug) => ({ eventSlug, code: 'DAY', quantity: 1 })),
  );
  await seedPackage(
    db,
    luka,
    {
      name: t('VIP doplnok na sobotu: parkovanie a VIP zóna', 'VIP doplněk na sobotu: parkování a VIP zóna', 'Saturday VIP add-on: parking and VIP lounge'),
      description: t('Parkovanie pri areáli a vstup do VIP zóny so šatňou.', 'Parkování u areálu a vstup do VIP zóny se šatnou.', 'Parking by the grounds and the VIP lounge with a cloakroom.'),
      price: 4900,
      currency: 'EUR',
      quantity: 50,
    },
    [
      { eventSlug: festivalDaySlugs[1], code: 'PARK', quantity: 1 },
      { eventSlug: festivalDaySlugs[1], code: 'LOUNGE', quantity: 1 },
    ],
  );

  const dunaj = orgIds.get('fk-dunaj-bratislava')!;
  await seedPackage(
    db,
    dunaj,
    {
      name: t('Rodinná vstupenka: 2 dospelí + 2 deti', 'Rodinná vstupenka: 2 dospělí + 2 děti', 'Family ticket: 2 adults + 2 children'),
      description: t('Štyri miesta vedľa seba na protiľahlej tribúne.', 'Čtyři místa vedle sebe na protější tribuně.', 'Four seats together in the opposite stand.'),
      price: 5400,
      currency: 'EUR',
      quantity: 40,
    },
    [{ eventSlug: FAMILY_EVENT, code: 'B', quantity: 4 }],
  );
  await seedPackage(
    db,
    dunaj,
    {
      name: t('Rodinná vstupenka: 2 dospelí + 1 dieťa', 'Rodinná vstupenka: 2 dospělí + 1 dítě', 'Family ticket: 2 adults + 1 child'),
      description: t('Tri miesta vedľa seba na protiľahlej tribúne.', 'Tři místa vedle sebe na protější tribuně.', 'Three seats together in the opposite stand.'),
      price: 4200,
      currency: 'EUR',
      quantity: 40,
    },
    [{ eventSlug: FAMILY_EVENT, code: 'B', quantity: 3 }],
  );
}
