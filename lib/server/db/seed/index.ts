import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { seedApplications } from './applications';
import { seedCatalogue } from './catalogue';
import { seedComgate } from './comgate';
import { seedAccessibleSeats, seedConcessions } from './concessions';
import { seedCoupons } from './coupons';
import { seedFeedback } from './feedback';
import { seedNamedTickets } from './named-tickets';
import { seedLoyalty } from './loyalty';
import { seedOrganisers } from './organisers';
import { seedPackages } from './packages';
import { seedPayouts } from './payouts';
import { seedReports } from './reports';
import { seedSeasons } from './seasons';
import { seedSeasonRelease } from './season-release';
import { seedTickets } from './tickets';
import { seedUsers } from './users';
import { seedWaitingList } from './waiting-list';

/**
 * The demo data. Every step is idempotent (keyed by slug or email): running it twice creates nothing twice.
 * Features add their own step module here.
 */
export async function runSeed(db: Db): Promise<void> {
  await seedCatalogue(db);
  await seedAccessibleSeats(db);
  await seedUsers(db);
  await seedCoupons(db);
  await seedTickets(db);
  await seedNamedTickets(db);
  await seedLoyalty(db);
  await seedOrganisers(db);
  await seedPayouts(db);
  await seedReports(db);
  await seedSeasons(db);
  await seedSeasonRelease(db);
  await seedWaitingList(db);
  await seedFeedback(db);
  await seedPackages(db);
  await seedConcessions(db);
  await seedComgate(db);
  await seedApplications(db);
  // The demo's paid orders are written as rows, not through checkout: their money per event as payment would split it.
  await db.execute(sql`select order_split_missing()`);
}
