// The shapes GET /api/v1/tickets answers (lib/server/tickets/list.ts), as the client uses them.
export type Localized = { sk: string; cs: string; en: string };
export type Currency = 'EUR' | 'CZK';

export type OwnedTicket = {
  id: string;
  status: 'valid' | 'listed' | 'checked_in' | 'void';
  version: number;
  /** Private key the phone signs its codes with (lib/ticket-code/code.ts); null while it cannot be scanned. */
  signingKey: string | null;
  holderName: string;
  priceAmount: number;
  currency: Currency;
  checkedInAt: string | null;
  seasonTicketId: string | null;
  ticketType: { name: Localized; kind: 'seated' | 'standing' };
  seat: { section: Localized; row: string; seat: string } | null;
  event: {
    id: string;
    slug: string;
    title: Localized;
    startsAt: string;
    endsAt: string | null;
    venue: { name: string; city: string };
    transferEnabled: boolean;
    resale: { enabled: boolean; capAmount: number | null; closesAt: string; sellerFeeBps: number };
  };
  listing: { id: string; priceAmount: number; held: boolean } | null;
  pendingGift: { toEmail: string } | null;
};

export type SeasonSchedule = {
  seasonTicketId: string;
  season: { id: string; slug: string; name: Localized };
  seat: { section: Localized; row: string; seat: string };
  matches: { eventId: string; slug: string; title: Localized; startsAt: string; ticketId: string | null; state: 'yours' | 'listed' | 'checked_in' | 'passed_on' | 'none' }[];
};

export type MyTickets = { tickets: OwnedTicket[]; seasons: SeasonSchedule[] };
