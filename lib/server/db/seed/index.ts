import type { Db } from '../client';
import { seedCatalogue } from './catalogue';
import { seedCoupons } from './coupons';
import { seedOrganisers } from './organisers';
import { seedPayouts } from './payouts';
import { seedReports } from './reports';
import { seedTickets } from './tickets';
import { seedUsers } from './users';

/**
 * The demo data. Every step is idempotent (keyed by slug or email): running it twice creates nothing twice.
 * Features add their own step module here.
 */
export async function runSeed(db: Db): Promise<void> {
  await seedCatalogue(db);
  await seedUsers(db);
  await seedCoupons(db);
  await seedTickets(db);
  await seedOrganisers(db);
  await seedPayouts(db);
  await seedReports(db);
}
