import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import { rowsOf } from '@/lib/server/db/client';
import { tables, type Tx } from '@/lib/server/db';
import type { DocumentParty } from '@/lib/server/db/schema';
import { vatRateOn } from './rates';
import { tribunaParty } from './tribuna';
import { computeLines, totalsOf, vatOfNet, type LineInput, type Supply } from './vat';

// Issuing a tax document, in the caller's transaction (the one that made the sale, the refund or the
// payout): the issuer's number is taken from its counter row for the year and series (locked by the
// update until the transaction ends), so numbers are unique and gap-free — a rolled-back transaction gives
// its number back with everything else. The document and its lines are immutable from then on (a trigger,
// migration 0035); the PDF is rendered from them later and stored once (documents/pdf.ts).

export type DocumentKind = 'invoice' | 'credit-note';
/** tickets: the organiser's to the fan; service-fee: Tribuna's to the fan; platform-fee: Tribuna's to the organiser. */
export type DocumentPurpose = 'tickets' | 'service-fee' | 'platform-fee';
/** Who issues: an organisation (its legal profile as it stands) or Tribuna (tribuna.ts). */
export type IssuerRef = { orgId: string } | 'tribuna';

export type IssueLine = LineInput & {
  /** A credit note's lines keep the rate of the document they correct; otherwise the rate in force (vat_rates). */
  rateBps?: number;
};

export type IssueInput = {
  kind: DocumentKind;
  purpose: DocumentPurpose;
  issuer: IssuerRef;
  buyer: DocumentParty;
  /** Unit prices in minor units, VAT included (gross) unless priceBasis is 'net'. A credit note's are negative. */
  lines: IssueLine[];
  currency: 'EUR' | 'CZK';
  /** The buyer's language: the document's. */
  locale: 'sk' | 'cs' | 'en';
  /** What it is issued for, once: a second call with the same key answers the document already issued. */
  sourceKey: string;
  /** The invoice a credit note corrects. */
  refersTo?: string;
  orderId?: string;
  /** The fan whose My orders lists it. */
  userId?: string;
  /** The organisation whose console lists it (the issuer's own is implied). */
  orgId?: string;
  refundId?: string;
  /** A platform-fee invoice's settlement period (YYYY-MM-DD, both days included). */
  period?: { from: string; to: string };
  note?: string;
  /** Net unit prices get their VAT added on top (B2B fees); default gross. */
  priceBasis?: 'gross' | 'net';
  issuedAt?: Date;
};

export type IssuedDocument = { id: string; number: string; created: boolean };

export class IssuerIncomplete extends Error {}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The day (YYYY-MM-DD) of an instant in Europe/Bratislava: the date of issue and of the supply. */
export function bratislavaDay(at: Date): string {
  return dayFormat.format(at);
}

/** The printed number: invoices 2026-000123, credit notes D2026-000007 (each its own series per issuer and year). */
export function documentNumber(kind: DocumentKind, year: number, seq: number): string {
  return `${kind === 'credit-note' ? 'D' : ''}${year}-${String(seq).padStart(6, '0')}`;
}

async function issuerOf(tx: Tx, issuer: IssuerRef): Promise<{ key: string; orgId: string | null; party: DocumentParty; country: string; vatRegistered: boolean }> {
  if (issuer === 'tribuna') {
    const { vatRegistered, ...party } = tribunaParty();
    return { key: 'tribuna', orgId: null, party, country: party.country, vatRegistered };
  }
  const [org] = await tx.select().from(tables.organisations).where(eq(tables.organisations.id, issuer.orgId));
  if (!org) throw new IssuerIncomplete(`no organisation ${issuer.orgId}`);
  return {
    key: org.id,
    orgId: org.id,
    country: org.country,
    vatRegistered: org.vatRegistered,
    party: organisationParty(org),
  };
}

/** An organisation on a document (as its issuer or as the buyer of Tribuna's platform fees): its legal profile as it stands. */
export function organisationParty(org: typeof tables.organisations.$inferSelect): DocumentParty {
  return {
    name: org.legalName ?? org.name,
    legalForm: org.legalForm,
    street: org.street,
    city: org.city,
    postcode: org.postcode,
    country: org.country,
    ico: org.ico,
    dic: org.dic,
    vatId: org.vatRegistered ? org.vatId : null,
    email: org.contactEmail,
  };
}

/** Issues a document in the caller's transaction and answers its id and number (or the one already issued for sourceKey). */
export async function issueDocument(tx: Tx, input: IssueInput): Promise<IssuedDocument> {
  const [existing] = await tx
    .select({ id: tables.taxDocuments.id, number: tables.taxDocuments.number })
    .from(tables.taxDocuments)
    .where(eq(tables.taxDocuments.sourceKey, input.sourceKey));
  if (existing) return { ...existing, created: false };
  if (!input.lines.length) throw new RangeError('a document has at least one line');
  const issuedAt = input.issuedAt ?? new Date();
  const day = bratislavaDay(issuedAt);
  const year = Number(day.slice(0, 4));
  const issuer = await issuerOf(tx, input.issuer);
  let vatRegistered = issuer.vatRegistered;
  if (input.refersTo) {
    const [original] = await tx.select({ vatRegistered: tables.taxDocuments.vatRegistered }).from(tables.taxDocuments).where(eq(tables.taxDocuments.id, input.refersTo));
    if (!original) throw new RangeError(`no document ${input.refersTo} to refer to`);
    vatRegistered = original.vatRegistered;
  }
  // The rates in force on the day of the supply, once per kind; a credit note's lines carry the original's.
  const rates = new Map<Supply, number>();
  if (vatRegistered) {
    for (const line of input.lines) {
      if (line.rateBps === undefined && !rates.has(line.supply)) rates.set(line.supply, await vatRateOn(tx, { country: issuer.country, supply: line.supply, day }));
    }
  }
  const rateOfLine = (line: IssueLine) => (vatRegistered ? (line.rateBps ?? rates.get(line.supply) ?? 0) : 0);
  const grossLines = input.lines.map((line) =>
    input.priceBasis === 'net' ? { ...line, unitGross: line.unitGross + vatOfNet(line.unitGross, rateOfLine(line)) } : line,
  );
  const computed = computeLines(grossLines, rateOfLine);
  const totals = totalsOf(computed);
  const series = input.kind;
  // The number: the counter row of the issuer's series and year, created at 1 or moved on by one. The row
  // stays locked until the caller's transaction ends, so the next issuer of this series waits and follows on.
  const [counter] = rowsOf<{ last: number }>(
    await tx.execute(sql`insert into document_counters (issuer, year, series, last) values (${issuer.key}, ${year}, ${series}, 1)
      on conflict (issuer, year, series) do update set last = document_counters.last + 1 returning last`),
  );
  const seq = Number(counter.last);
  const number = documentNumber(input.kind, year, seq);
  const [document] = await tx
    .insert(tables.taxDocuments)
    .values({
      kind: input.kind,
      purpose: input.purpose,
      issuer: issuer.key,
      year,
      seq,
      number,
      issuerOrgId: issuer.orgId,
      orgId: input.orgId ?? issuer.orgId,
      orderId: input.orderId ?? null,
      userId: input.userId ?? null,
      refersTo: input.refersTo ?? null,
      refundId: input.refundId ?? null,
      sourceKey: input.sourceKey,
      currency: input.currency,
      locale: input.locale,
      issuedAt,
      periodFrom: input.period?.from ?? null,
      periodTo: input.period?.to ?? null,
      vatRegistered,
      seller: issuer.party,
      buyer: input.buyer,
      totalGross: totals.gross,
      totalNet: totals.net,
      totalVat: totals.vat,
      note: input.note ?? null,
    })
    .returning({ id: tables.taxDocuments.id });
  await tx.insert(tables.taxDocumentLines).values(
    computed.map((line, position) => ({
      documentId: document.id,
      position,
      description: line.description,
      supply: line.supply,
      quantity: line.quantity,
      unitGross: line.unitGross,
      gross: line.gross,
      rateBps: line.rateBps,
      vat: line.vat,
      net: line.net,
    })),
  );
  return { id: document.id, number, created: true };
}
