import 'server-only';
import { sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { SeasonHolders, SeasonHoldersQuery } from '@/lib/schemas/season-holders';
import { getDb, rowsOf } from '@/lib/server/db';
import type { LocalizedText } from '@/lib/server/db/schema';
import type { AccessFailure } from '@/lib/server/organiser/access';
import { exportFile, oneBatch, type ExportColumn, type ExportFile, type ExportFormat } from '@/lib/server/reports/export-file';
import { seasonAccess } from './organiser';

// The ticket office's list of a season's holders (issue 28 item 5): who holds which seat, in which season
// category, whether they renewed (held the renewed-from season's seat and bought this one), what their
// season order paid for the seat, and whether they accept the club's mail (email on for the organiser's
// announcements in their notification settings; no settings row: everything on). Owners and managers;
// another organisation's season is ORG_NOT_FOUND.

type Row = {
  season_ticket_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  locale: string;
  section: LocalizedText | string;
  row: string;
  seat: string;
  category_id: string | null;
  category: LocalizedText | string | null;
  renewed: boolean;
  paid: number | null;
  accepts_mail: boolean;
};

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** Every holder of the season with what the office filters on; the one query the list, the CSV and the PostgreSQL test read. */
export function holdersQuery(seasonId: string) {
  return sql`
    select st.id as season_ticket_id, u.first_name, u.last_name, u.email, u.locale,
           sec.name as section, r.label as row, vs.label as seat,
           cat.id as category_id, cat.name as category,
           (prev.id is not null and paid.amount is not null) as renewed,
           paid.amount::int as paid,
           coalesce('announcement' = any (np.email_topics), true) as accepts_mail
    from season_tickets st
    join seasons s on s.id = st.season_id
    join users u on u.id = st.user_id
    join venue_seats vs on vs.id = st.seat_id
    join venue_rows r on r.id = vs.row_id
    join venue_sections sec on sec.id = vs.section_id
    left join notification_preferences np on np.user_id = u.id
    left join season_tickets prev on prev.season_id = s.renews_season_id and prev.seat_id = st.seat_id and prev.user_id = st.user_id
    -- What the holder's paid season orders of this season paid for this seat (its share of every match).
    left join lateral (
      select sum(oi.price_amount) as amount
      from orders o
      join holds h on h.id = o.hold_id and h.season_id = st.season_id
      join order_items oi on oi.order_id = o.id
      join inventory_units iu on iu.id = oi.unit_id and iu.seat_id = st.seat_id
      where o.user_id = st.user_id and o.status = 'paid'
      having count(*) > 0
    ) paid on true
    -- The seat's season category: what its category at the season's first match is mapped onto.
    left join lateral (
      select sc.id, sc.name
      from events e
      join inventory_units iu on iu.event_id = e.id and iu.seat_id = st.seat_id
      join ticket_types tt on tt.id = iu.ticket_type_id
      join season_categories sc on sc.id = tt.season_category_id and sc.season_id = st.season_id
      where e.season_id = st.season_id
      order by e.starts_at, e.id
      limit 1
    ) cat on true
    where st.season_id = ${seasonId}::uuid`;
}

async function holderRows(seasonId: string, query: SeasonHoldersQuery): Promise<Row[]> {
  const rows = rowsOf<Row>(
    await getDb().execute(sql`
      select * from (${holdersQuery(seasonId)}) h
      where (${query.renewed ?? null}::text is null or h.renewed = (${query.renewed ?? null}::text = 'yes'))
        and (${query.mail ?? null}::text is null or h.accepts_mail = (${query.mail ?? null}::text = 'yes'))
        and (${query.category ?? null}::uuid is null or h.category_id = ${query.category ?? null}::uuid)`),
  );
  return rows;
}

function holderOf(row: Row, locale: Locale): SeasonHolders['holders'][number] {
  const category = row.category ? json<LocalizedText>(row.category) : null;
  return {
    id: row.season_ticket_id,
    name: [row.first_name, row.last_name].filter(Boolean).join(' '),
    email: row.email,
    seat: { section: json<LocalizedText>(row.section)[locale], row: row.row, seat: row.seat },
    category: row.category_id && category ? { id: row.category_id, name: category[locale] } : null,
    renewed: row.renewed,
    paid: row.paid === null ? null : Number(row.paid),
    acceptsMail: row.accepts_mail,
  };
}

const collator = (locale: Locale) => new Intl.Collator(locale);

/** The holders (filtered), sorted by seat, and the renewal counts of the whole season. */
export async function seasonHolders(userId: string, seasonId: string, query: SeasonHoldersQuery, locale: Locale): Promise<{ ok: true; list: SeasonHolders } | AccessFailure> {
  const access = await seasonAccess(userId, seasonId);
  if (!access.ok) return access;
  const [counts] = rowsOf<{ last_season: number; renewed: number; currency: 'EUR' | 'CZK' }>(
    await getDb().execute(sql`
      select s.currency,
             (select count(*)::int from season_tickets prev where prev.season_id = s.renews_season_id) as last_season,
             (select count(*)::int from (${holdersQuery(seasonId)}) h where h.renewed) as renewed
      from seasons s where s.id = ${seasonId}::uuid`),
  );
  const rows = await holderRows(seasonId, query);
  const compare = collator(locale).compare;
  const holders = rows
    .map((row) => holderOf(row, locale))
    .sort((a, b) => compare(a.seat.section, b.seat.section) || compare(a.seat.row, b.seat.row) || a.seat.seat.localeCompare(b.seat.seat, undefined, { numeric: true }));
  return {
    ok: true,
    list: {
      currency: counts.currency,
      counts: { lastSeason: Number(counts.last_season), renewed: Number(counts.renewed), notRenewed: Math.max(0, Number(counts.last_season) - Number(counts.renewed)) },
      holders,
    },
  };
}

/** The same list as CSV or .xlsx (export-file.ts: headers in the request's language, what each paid beside the currency). */
export async function seasonHoldersExport(
  userId: string,
  seasonId: string,
  query: SeasonHoldersQuery,
  format: ExportFormat,
  locale: Locale,
  t: (key: string) => string,
  now = new Date(),
): Promise<ExportFile | AccessFailure> {
  const result = await seasonHolders(userId, seasonId, query, locale);
  if (!result.ok) return result;
  const [season] = rowsOf<{ slug: string }>(await getDb().execute(sql`select slug from seasons where id = ${seasonId}::uuid`));
  const keys = ['name', 'email', 'section', 'row', 'seat', 'category', 'renewed', 'paid', 'currency', 'acceptsMail'];
  const columns = keys.map((key): ExportColumn => ({ key, header: t(`columns.${key}`), kind: key === 'paid' ? 'money' : 'text', currency: 'currency' }));
  const yes = t('yes');
  const no = t('no');
  const rows = result.list.holders.map((h) => ({
    name: h.name,
    email: h.email ?? '',
    section: h.seat.section,
    row: h.seat.row,
    seat: h.seat.seat,
    category: h.category?.name ?? '',
    renewed: h.renewed ? yes : no,
    paid: h.paid,
    currency: result.list.currency,
    acceptsMail: h.acceptsMail ? yes : no,
  }));
  return exportFile({
    format,
    name: `${season.slug}-holders-${now.toISOString().slice(0, 10)}`,
    sheet: t('title'),
    columns,
    batches: oneBatch(rows),
    locale,
    what: `holders of season ${seasonId}`,
  });
}
