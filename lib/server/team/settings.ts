import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';
import { resalePolicyOf, type ResalePolicy } from '@/lib/server/db/schema';
import { eventChanged } from '@/lib/server/events/changed';
import { orgAccess, type AccessFailure } from '@/lib/server/organiser/access';

const o = tables.organisations;

/**
 * `country`: ISO, read-only. `language`: the organisation's own, its texts' required first language and the
 * one empty texts are read in (lib/localized-text.ts). `currency`: its new events' (and its default cap's).
 */
export type OrgSettings = {
  id: string;
  name: string;
  country: string;
  language: 'sk' | 'cs' | 'en';
  currency: 'EUR' | 'CZK';
  website: string | null;
  contactEmail: string | null;
  resaleDefaults: ResalePolicy;
};

const columns = { id: o.id, name: o.name, country: o.country, language: o.language, currency: o.currency, website: o.website, contactEmail: o.contactEmail, resaleDefaults: o.resaleDefaults };

function settingsOf(row: Omit<OrgSettings, 'resaleDefaults'> & { resaleDefaults: Parameters<typeof resalePolicyOf>[0] }): OrgSettings {
  return { ...row, resaleDefaults: resalePolicyOf(row.resaleDefaults) };
}

/** The organisation's name, contacts and the resale rules its new events start with (owner and manager). */
export async function getOrgSettings(userId: string, orgId: string): Promise<{ ok: true; settings: OrgSettings } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  const [row] = await getDb().select(columns).from(o).where(eq(o.id, orgId));
  return { ok: true, settings: settingsOf(row) };
}

/**
 * Changes what is given and nothing else. The resale defaults and the currency apply to events created from now on;
 * existing events keep their own rules (events/resale-policy.ts changes those, one event at a time).
 */
export async function updateOrgSettings(
  userId: string,
  orgId: string,
  patch: { name?: string; website?: string | null; contactEmail?: string | null; language?: 'sk' | 'cs' | 'en'; currency?: 'EUR' | 'CZK'; resaleDefaults?: ResalePolicy },
): Promise<{ ok: true; settings: OrgSettings } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (!Object.keys(values).length) return getOrgSettings(userId, orgId);
  const [row] = await getDb().update(o).set(values).where(eq(o.id, orgId)).returning(columns);
  const settings = settingsOf(row);
  // Event pages show the organiser's name and contacts: every event may have changed (a rare write).
  // Its language is what their empty texts are read in.
  if (patch.name !== undefined || patch.website !== undefined || patch.contactEmail !== undefined || patch.language !== undefined) await eventChanged();
  return { ok: true, settings };
}
