import 'server-only';
import { and, desc, eq, lte } from 'drizzle-orm';
import { tables, type Db, type Tx } from '@/lib/server/db';
import type { Supply } from './vat';

/** The event categories (events.category) and the kind of supply their admission is. One place. */
export const ADMISSION_SUPPLY: Record<'sport' | 'concert' | 'festival', Supply> = {
  sport: 'admission-sport',
  concert: 'admission-culture',
  festival: 'admission-culture',
};

export class NoVatRate extends Error {
  constructor(country: string, supply: Supply, day: string) {
    super(`no VAT rate for ${supply} in ${country} on ${day} (vat_rates)`);
  }
}

/** The rate (basis points) of a kind of supply in a country on a day (YYYY-MM-DD): the latest row valid from on or before it. */
export async function vatRateOn(db: Db | Tx, input: { country: string; supply: Supply; day: string }): Promise<number> {
  const [row] = await db
    .select({ rateBps: tables.vatRates.rateBps })
    .from(tables.vatRates)
    .where(and(eq(tables.vatRates.country, input.country), eq(tables.vatRates.supply, input.supply), lte(tables.vatRates.validFrom, input.day)))
    .orderBy(desc(tables.vatRates.validFrom))
    .limit(1);
  if (!row) throw new NoVatRate(input.country, input.supply, input.day);
  return row.rateBps;
}
