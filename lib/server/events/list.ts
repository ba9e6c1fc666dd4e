import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { foldForSearch } from '@/lib/search-text';
import type { Locale } from '@/lib/i18n/locales';
import { readText } from '@/lib/localized-text';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import type { EventCategory } from '@/lib/schemas/events';
import { getDb, rowsOf } from '@/lib/server/db';
import type { LocalizedText } from '@/lib/server/db/schema';
import { iso, LISTED, listingIsFree, unitIsFree, type Currency, type Money, type PublicStatus } from './rules';

// The catalogue's lists, straight from the database (pages read them cached, through ./catalogue.ts).

export type EventCard = {
  id: string;
  uuid: string;
  title: LocalizedText;
  summary: LocalizedText;
  category: EventCategory;
  status: PublicStatus;
  startsAt: string;
  venue: { name: string; city: string };
  imageUrl: string;
  lowestPrice: Money | null;
};

export type EventList = { items: EventCard[]; page: number; pageSize: number; total: number; pageCount: number };

export type EventListInput = {
  q?: string;
  category?: EventCategory;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
};

/** The words of a search, folded like events.search_text: case and diacritics do not matter. */
export function searchTerms(q: string | undefined): string[] {
  const folded = foldForSearch(q ?? '');
  return folded ? [...new Set(folded.split(' '))].slice(0, 8) : [];
}

/**
 * Published upcoming events, soonest first; with a search, every word must occur in the folded text
 * (titles in all languages, performers, venue, city, organiser) and better matches come first:
 * the whole phrase, then words matched at a word start, then inside a word.
 */
export async function listEvents(input: EventListInput = {}): Promise<EventList> {
  const db = getDb();
  const page = Math.max(1, input.page ?? 1);
  const pageSize = Math.min(50, Math.max(1, input.pageSize ?? 12));
  const terms = searchTerms(input.q);

  const where: SQL[] = [LISTED];
  if (input.category) where.push(sql`e.category = ${input.category}`);
  if (input.from) where.push(sql`e.starts_at >= (${input.from}::date::timestamp at time zone ${TIME_ZONE})`);
  if (input.to) where.push(sql`e.starts_at < ((${input.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`);
  for (const term of terms) where.push(sql`e.search_text like ${`%${term}%`}`);

  let rank: SQL = sql`0`;
  if (terms.length) {
    const phrase = terms.join(' ');
    const parts = terms.map((term) => sql`(case when (' ' || e.search_text) like ${`% ${term}%`} then 2 else 1 end)`);
    rank = sql`(case when e.search_text like ${`%${phrase}%`} then 10 else 0 end) + ${sql.join(parts, sql` + `)}`;
  }

  const result = await db.execute(sql`
    select p.*,
      (select min(x.price) from (
         select tt.price_amount as price from ticket_types tt
          where tt.event_id = p.uuid
            and exists (select 1 from inventory_units u where u.ticket_type_id = tt.id and ${unitIsFree})
         union all
         select rl.price_amount from resale_listings rl where rl.event_id = p.uuid and ${listingIsFree}
      ) x) as lowest_price
    from (
      select e.id as uuid, e.slug, e.title, e.summary, e.category, e.status, e.starts_at, e.image_url, e.currency,
             v.name as venue_name, v.city as venue_city, o.language as org_language, ${rank} as rank, count(*) over () as total
        from events e join venues v on v.id = e.venue_id join organisations o on o.id = e.org_id
       where ${sql.join(where, sql` and `)}
       order by rank desc, e.starts_at asc, e.slug asc
       limit ${pageSize} offset ${(page - 1) * pageSize}
    ) p
    order by p.rank desc, p.starts_at asc, p.slug asc`);

  type Row = {
    uuid: string;
    slug: string;
    title: LocalizedText;
    summary: LocalizedText;
    category: EventCategory;
    status: PublicStatus;
    starts_at: string | Date;
    image_url: string;
    currency: Currency;
    venue_name: string;
    venue_city: string;
    org_language: Locale;
    total: string | number;
    lowest_price: number | string | null;
  };
  const rows = rowsOf<Row>(result);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page > 1) {
    // Past the last page: still tell the caller how many there are.
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from events e where ${sql.join(where, sql` and `)}`),
    );
    total = Number(n);
  }
  return {
    items: rows.map((r) => ({
      id: r.slug,
      uuid: r.uuid,
      title: readText(r.title, r.org_language),
      summary: readText(r.summary, r.org_language),
      category: r.category,
      status: r.status,
      startsAt: iso(r.starts_at),
      venue: { name: r.venue_name, city: r.venue_city },
      imageUrl: r.image_url,
      lowestPrice: r.lowest_price == null ? null : { amount: Number(r.lowest_price), currency: r.currency },
    })),
    page,
    pageSize,
    total,
    pageCount: Math.ceil(total / pageSize),
  };
}

/** Published upcoming events for sitemaps: slug and last change. */
export async function listSitemapEvents(): Promise<{ id: string; updatedAt: string }[]> {
  const db = getDb();
  const rows = rowsOf<{ slug: string; updated_at: string | Date }>(
    await db.execute(sql`select e.slug, e.updated_at from events e where ${LISTED} order by e.starts_at asc`),
  );
  return rows.map((r) => ({ id: r.slug, updatedAt: iso(r.updated_at) }));
}
