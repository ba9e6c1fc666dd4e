// The failures of the organiser's venues: the layout file and the editor's sections, and the seats
// marked for wheelchair users and their companions.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { markAccessibleSeats } from './accessible-seats';
import type { addSection, deleteSection, replaceLayout, updateSection } from './layout';

export type Codes =
  | FailureCodeOf<typeof replaceLayout>
  | FailureCodeOf<typeof addSection>
  | FailureCodeOf<typeof updateSection>
  | FailureCodeOf<typeof deleteSection>
  | FailureCodeOf<typeof markAccessibleSeats>;

export const failures = failureRows({
  /** `{line}`, `{column}` of the first syntax error of the layout file. */
  LAYOUT_JSON_SYNTAX: { status: 422, key: 'organiser.venues.errors.jsonSyntax' },
  /** One entry of `errors` per problem: its path (field) and, for a file, its line. */
  LAYOUT_INVALID: { status: 422, key: 'organiser.venues.errors.layoutInvalid' },
  SECTION_CODE_TAKEN: { status: 409, key: 'organiser.venues.errors.codeTaken', field: 'code' },
  SECTION_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  /** The organiser marked a seat that is not one of the venue's (another venue's, or a removed one): nothing changed. */
  SEATS_NOT_IN_VENUE: { status: 422, key: 'organiser.venues.accessible.errors.notInVenue', field: 'seatIds' },
});
