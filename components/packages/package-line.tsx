'use client';

import { useTranslations } from 'next-intl';
import type { CartItem } from '@/lib/schemas/cart';

type PackageOf = NonNullable<CartItem['package']>;
type SeatWords = (key: 'seatLine', values: { section: string; row: string; seat: string }) => string;

/** A package line's tickets in words, one string (the line's Remove button names them): "Adult, Stand A, row 3, seat 5; …". */
export function packageSummary(pkg: PackageOf, seatWords: SeatWords): string {
  return pkg.tickets.map((ticket) => (ticket.seat ? `${ticket.ticketType}, ${seatWords('seatLine', ticket.seat)}` : `${ticket.ticketType}, ${ticket.event}`)).join('; ');
}

/** The tickets of a package's cart or checkout line, each its own row: a package is paid as one and issued as separate tickets. */
export function PackageTickets({ pkg }: { pkg: PackageOf }) {
  const t = useTranslations('packages.cart');
  const tc = useTranslations('cart');
  return (
    <div className="text-sm text-slate-700" data-testid="package-tickets">
      <span className="mr-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-950">{t('badge')}</span>
      <span className="sr-only">{t('includes')}</span>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {pkg.tickets.map((ticket, i) => (
          <li key={i}>
            {ticket.seat
              ? t('seat', { ticketType: ticket.ticketType, seat: tc('seatLine', ticket.seat) })
              : t('ticket', { ticketType: ticket.ticketType, event: ticket.event })}
          </li>
        ))}
      </ul>
    </div>
  );
}
