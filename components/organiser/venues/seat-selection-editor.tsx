'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition, type ReactNode } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useRouter } from '@/lib/i18n/navigation';
import { SeatPicker, type PickerSeat, type SeatPickerProps } from './seat-picker';

// The console's seat editors (seat blocks, accessible seats): a help line, the counts, a sticky bar with
// the selection's size, the editor's actions and "clear", a legend and the seat picker. An action gets the
// selected seats; when it succeeds the selection empties and the page's data is read again.

export type SeatAction = {
  label: string;
  className: string;
  /** Sends the selected seats; true when done (its own notices are the action's). */
  run: (seatIds: string[]) => Promise<boolean>;
};

type Text<S extends PickerSeat> = SeatPickerProps<S>['text'];

type Props<S extends PickerSeat> = Omit<SeatPickerProps<S>, 'selected' | 'setSelected' | 'ready' | 'text'> & {
  testId?: string;
  help: string;
  counts: string;
  countsTestId?: string;
  actions: SeatAction[];
  legend: { key: string; swatch: ReactNode; name: string }[];
  /** The picker's texts but those every editor shares (organiser.seats: the selected state, the rows' title). */
  text: Pick<Text<S>, 'mapTitle' | 'rowLabel'> & { state: Omit<Text<S>['state'], 'selected'> };
};

const button = 'min-h-11 rounded-lg px-4 py-2 font-medium disabled:opacity-60';

export function SeatSelectionEditor<S extends PickerSeat>({ testId, help, counts, countsTestId, actions, legend, text, ...picker }: Props<S>) {
  const t = useTranslations('organiser.seats');
  const router = useRouter();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [pending, startTransition] = useTransition();

  async function act(run: SeatAction['run']) {
    setSending(true);
    const done = await run([...selected]);
    setSending(false);
    if (!done) return;
    setSelected(new Set());
    startTransition(() => router.refresh());
  }

  const none = !hydrated || sending || pending || selected.size === 0;
  return (
    <div className="space-y-4" data-testid={testId}>
      <p className="text-slate-700">{help}</p>
      <p className="font-medium" aria-live="polite" data-testid={countsTestId}>
        {counts}
      </p>
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 bg-white/95 py-2">
        <p className="mr-2 text-sm font-medium" aria-live="polite">
          {t('selected', { count: selected.size })}
        </p>
        {actions.map((action) => (
          <button key={action.label} type="button" disabled={none} onClick={() => act(action.run)} className={`${button} ${action.className}`}>
            {action.label}
          </button>
        ))}
        <button type="button" disabled={none} onClick={() => setSelected(new Set())} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
          {t('clear')}
        </button>
      </div>
      <ul aria-label={t('legend')} className="flex flex-wrap gap-4 text-sm">
        {legend.map((item) => (
          <li key={item.key} className="flex items-center gap-2">
            {item.swatch}
            {item.name}
          </li>
        ))}
      </ul>
      <SeatPicker
        {...picker}
        selected={selected}
        setSelected={setSelected}
        ready={hydrated}
        text={{ ...text, state: { ...text.state, selected: t('status.selected') }, rowsTitle: t('rowsTitle') }}
      />
    </div>
  );
}
