// The failures of packages: the organiser's packages and holding one in a fan's cart.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { createPackage, deletePackage, getPackage, listPackages, updatePackage } from './organiser';
import type { addPackageToCart } from './sale';

export type Codes =
  | FailureCodeOf<typeof listPackages>
  | FailureCodeOf<typeof getPackage>
  | FailureCodeOf<typeof createPackage>
  | FailureCodeOf<typeof updatePackage>
  | FailureCodeOf<typeof deletePackage>
  | FailureCodeOf<typeof addPackageToCart>;

export const failures = failureRows({
  PACKAGE_NOT_FOUND: { status: 404, key: 'packages.errors.notFound' },
  /** The fan's own seats for a package: as many as its seated tickets, at the event of the page. */
  PACKAGE_SEATS_INVALID: { status: 422, key: 'packages.errors.seats', field: 'seatIds' },
  PACKAGE_SEATS_CATEGORY: { status: 422, key: 'packages.errors.seatsCategory', field: 'seatIds' },
  PACKAGE_SEATS_COUNT: { status: 422, key: 'packages.errors.seatsCount', field: 'seatIds' },
  PACKAGE_SEATS_APART: { status: 422, key: 'packages.errors.seatsApart', field: 'seatIds' },
  PACKAGE_NO_SEATS_TOGETHER: { status: 409, key: 'packages.errors.noSeatsTogether' },
  /** A line of another organisation's event, a category of another event, one twice, or contents changed after a sale. */
  PACKAGE_CONTENTS_INVALID: { status: 422, key: 'packages.errors.contentsInvalid', field: 'contents' },
  PACKAGE_CURRENCY_MIXED: { status: 422, key: 'packages.errors.currencyMixed', field: 'contents' },
  PACKAGE_IN_USE: { status: 409, key: 'packages.errors.inUse' },
});
