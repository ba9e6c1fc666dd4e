'use client';

import { useLocale, useTranslations } from 'next-intl';
import { SeasonTransfer } from '@/components/seasons/season-transfer';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { formatDateTime, localized } from './format';
import { Modal } from './modal';
import type { SeasonSchedule } from '@/lib/schemas/tickets';

const stateStyle: Record<SeasonSchedule['matches'][number]['state'], string> = {
  yours: 'bg-emerald-100 text-emerald-900',
  listed: 'bg-amber-100 text-amber-900',
  checked_in: 'bg-slate-200 text-slate-800',
  passed_on: 'bg-slate-100 text-slate-700',
  none: 'bg-slate-100 text-slate-700',
};

export function SeasonDialog({ seasons, open, onClose }: { seasons: SeasonSchedule[]; open: boolean; onClose: () => void }) {
  const t = useTranslations('season');
  const locale = useLocale();
  const router = useRouter();
  return (
    <Modal open={open} onClose={onClose} title={t('title')} wide>
      {seasons.length === 0 && <p>{t('empty')}</p>}
      {seasons.map((s) => (
        <section key={s.seasonTicketId} className="space-y-2">
          <h3 className="font-semibold">{localized(s.season.name, locale)}</h3>
          <p className="text-sm text-slate-700">{t('seat', { section: localized(s.seat.section, locale), row: s.seat.row, seat: s.seat.seat })}</p>
          <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {s.matches.map((m) => (
              <li key={m.eventId} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <Link href={{ pathname: '/events/[id]', params: { id: m.slug } }} className="font-medium text-emerald-800 underline-offset-2 hover:underline">
                    {localized(m.title, locale)}
                  </Link>
                  <p className="text-sm text-slate-600">{formatDateTime(m.startsAt, locale)}</p>
                </div>
                <span className={`rounded-full px-3 py-1 text-sm font-medium ${stateStyle[m.state]}`}>{t(`states.${m.state}`)}</span>
              </li>
            ))}
          </ol>
          <SeasonTransfer
            seasonTicketId={s.seasonTicketId}
            onDone={() => {
              onClose();
              router.refresh();
            }}
          />
        </section>
      ))}
    </Modal>
  );
}
