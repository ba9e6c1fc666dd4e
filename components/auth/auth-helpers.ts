'use client';

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiFailure } from '@/lib/client/api-client';

/**
 * Puts server field errors (e.g. 409 email taken) on their fields; answers the message to show
 * above the form when the server named no known field (e.g. wrong email or password). Other
 * statuses (429, 5xx, offline) were already shown as a toast by the api client: nothing more here.
 */
export function applyServerErrors<T extends FieldValues>(status: number, failure: ApiFailure, setError: UseFormSetError<T>, fields: readonly string[]): string | null {
  if (!FORM_STATUSES.includes(status)) return null;
  let placed = false;
  for (const error of failure.errors) {
    if (error.field && fields.includes(error.field)) {
      setError(error.field as Path<T>, { type: 'server', message: error.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed ? null : failure.message;
}

/** Statuses the account forms show themselves (as field or form messages) instead of a toast. */
export const FORM_STATUSES = [400, 409, 422];

/** A full load of the next page, so the server renders the new session everywhere (header, tabs). */
export function goTo(path: string): void {
  window.location.assign(path);
}
