import 'server-only';

/**
 * The code of a venue's hidden section that keeps seats removed from the layout while an order, a ticket or
 * a season ticket still names them (venues/layout.ts). No event sells it and no map or list shows it.
 * Codes organisers give cannot start with "~" (lib/schemas/organiser-venues.ts).
 */
export const RETIRED_SECTION_CODE = '~retired';
