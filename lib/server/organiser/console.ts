import 'server-only';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import type { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { CURRENT_ORG_COOKIE } from '@/lib/organiser/current-org';
import { requireSignedIn } from '@/lib/server/auth/guard';
import type { SessionUser } from '@/lib/server/auth/session-token';
import { eventAccess, myOrganisations, roleCan, rolesWith, venueAccess, type Capability, type Membership, type OrgRole } from './access';
import { cancellationProgress } from '@/lib/server/events/cancel';
import { eventSummary } from '@/lib/server/events/summary';

type Href = Parameters<typeof getPathname>[0]['href'];

export type ConsoleContext = { user: SessionUser; organisations: Membership[]; current: Membership | null };

/** The current organisation: the one the console's switcher chose (if still a member), else the first. */
async function currentOf(organisations: Membership[]): Promise<Membership | null> {
  const chosen = (await cookies()).get(CURRENT_ORG_COOKIE)?.value;
  return organisations.find((o) => o.id === chosen) ?? organisations[0] ?? null;
}

/** For console pages: the signed-in user (else a redirect to sign-in back to `here`), their organisations and the current one. */
export async function consoleContext(locale: Locale, here: Href): Promise<ConsoleContext> {
  const user = await requireSignedIn(locale, here);
  const organisations = await myOrganisations(user.id);
  return { user, organisations, current: await currentOf(organisations) };
}

/** `allowed`: the roles the page's capability belongs to (the one access table), so the refusal names the real rule. */
export type ConsoleAccess =
  | { ok: true; context: ConsoleContext; org: Membership }
  | { ok: false; reason: 'not_member' | 'role'; context: ConsoleContext; allowed?: OrgRole[] };

/** A console page of the current organisation that needs `capability`: the page shows ConsoleDenied when not ok. */
export async function consolePage(locale: Locale, here: Href, capability: Capability): Promise<ConsoleAccess> {
  const context = await consoleContext(locale, here);
  if (!context.current) return { ok: false, reason: 'not_member', context };
  if (!roleCan(context.current.role, capability)) return { ok: false, reason: 'role', context, allowed: rolesWith(capability) };
  return { ok: true, context, org: context.current };
}

/**
 * A console page of one event or venue: the row's own organisation decides (an organiser of several
 * may open any of theirs); another organisation's row is a 404 page, as if it did not exist.
 */
export async function consoleRowPage(
  locale: Locale,
  here: Href,
  row: { eventId: string } | { venueId: string },
  capability: Capability,
): Promise<ConsoleAccess> {
  const context = await consoleContext(locale, here);
  const access = 'eventId' in row ? await eventAccess(context.user.id, row.eventId, capability) : await venueAccess(context.user.id, row.venueId, capability);
  if (!access.ok && access.code === 'ORG_NOT_FOUND') notFound();
  const org = context.organisations.find((o) => o.id === (access.ok ? access.orgId : undefined));
  if (!access.ok || !org) return { ok: false, reason: 'role', context, allowed: rolesWith(capability) };
  return { ok: true, context, org };
}

/**
 * A console screen of one event: the caller may edit it (else ConsoleDenied; another organisation's
 * event is a 404 page), with its summary for the EventHeader.
 */
export async function consoleEventPage(locale: Locale, here: Href, eventId: string) {
  const access = await consoleRowPage(locale, here, { eventId }, 'events');
  if (!access.ok) return { access, event: null, cancellation: null };
  const summary = await eventSummary(access.context.user.id, eventId);
  if (!summary.ok) notFound();
  // A cancelled event's screens all show how its refunds are going.
  const cancellation = summary.event.status === 'cancelled' ? await cancellationProgress(access.context.user, eventId) : null;
  return { access, event: summary.event, cancellation: cancellation?.ok ? cancellation.progress : null };
}
