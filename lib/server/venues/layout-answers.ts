import 'server-only';
import { ApiError } from '@/lib/server/api/error';
import { requestLocale } from '@/lib/server/api/request-locale';
import { translator } from '@/lib/server/api/translate';
import type { LayoutInvalid, LayoutSyntaxError } from './layout';
import type { UnitsTaken } from '@/lib/server/inventory/sync';
import type { AccessFailure } from '@/lib/server/organiser/access';

// How the layout calls answer their failures: the count of places fans have for UNITS_TAKEN, the line
// and column of a syntax error, and one entry per problem of a layout (its path, and its line in a file).

type LayoutFailure = UnitsTaken | LayoutSyntaxError | LayoutInvalid | AccessFailure | { ok: false; code: 'SECTION_CODE_TAKEN' | 'SECTION_NOT_FOUND' };

export function layoutFailure(request: Request, failure: LayoutFailure): ApiError {
  switch (failure.code) {
    case 'UNITS_TAKEN':
      return new ApiError('UNITS_TAKEN', { values: { count: failure.taken } });
    case 'LAYOUT_JSON_SYNTAX':
      return new ApiError('LAYOUT_JSON_SYNTAX', { values: { line: failure.line, column: failure.column }, fieldErrors: [{ field: 'layout', messageKey: 'organiser.venues.errors.jsonSyntax', values: { line: failure.line, column: failure.column } }] });
    case 'LAYOUT_INVALID': {
      const t = translator(requestLocale(request));
      const fieldErrors = failure.issues.map((issue) => ({
        field: issue.path,
        messageKey: issue.line === null ? 'organiser.venues.errors.atPath' : 'organiser.venues.errors.atLine',
        values: { path: issue.path, line: issue.line ?? 0, problem: t(issue.key) },
      }));
      const first = fieldErrors[0];
      const firstText = t(first.messageKey, first.values);
      return new ApiError('LAYOUT_INVALID', { values: { count: fieldErrors.length, first: firstText }, fieldErrors });
    }
    default:
      return new ApiError(failure.code);
  }
}
