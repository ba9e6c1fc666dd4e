'use client';

import { useTranslations } from 'next-intl';
import type { ComponentProps } from 'react';
import type { SeatLists } from './seat-lists';

/** The seat lists' words from the seatMap messages, for every picker that shows them (event, season). */
export function useSeatListsText(priceOf: (seatIndex: number) => string): ComponentProps<typeof SeatLists>['text'] {
  const tm = useTranslations('seatMap');
  return {
    title: tm('lists'),
    help: tm('listsHelp'),
    section: tm('chooseSection'),
    row: tm('chooseRow'),
    seat: tm('chooseSeat'),
    choose: tm('choose'),
    add: tm('addSeat'),
    seatOption: (label, price) => `${label} · ${price}`,
    priceOf,
  };
}
