'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import type { NamedTicketsSettings } from '@/lib/schemas/named-tickets';
import { Toggle } from './resale-policy-form';

const pick = (text: { sk: string; cs: string; en: string }, locale: string) => text[locale as 'sk'] ?? text.en;

/** Named tickets for a risk match: the whole event or some sections (PUT …/named-tickets). */
export function NamedTicketsForm({ eventId, initial }: { eventId: string; initial: NamedTicketsSettings }) {
  const t = useTranslations('namedTickets.organiser');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [settings, setSettings] = useState(initial);
  const [whole, setWhole] = useState(initial.namedTickets);
  const [sections, setSections] = useState(() => new Set(initial.sections.filter((s) => s.named).map((s) => s.id)));
  const [busy, setBusy] = useState(false);

  const toggle = (id: string, on: boolean) =>
    setSections((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await api.put<NamedTicketsSettings>(`/api/v1/organiser/events/${eventId}/named-tickets`, { namedTickets: whole, sectionIds: [...sections] });
    setBusy(false);
    if (result.ok) {
      setSettings(result.data);
      notify.success({ title: t('saved') });
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} className="max-w-2xl space-y-4" data-testid="named-tickets-form">
      <Toggle label={t('wholeEvent')} checked={whole} onChange={(e) => setWhole(e.target.checked)} />
      <fieldset disabled={whole} className="disabled:opacity-60">
        <legend className="font-medium">{t('sections')}</legend>
        <div className="mt-1 grid gap-x-6 sm:grid-cols-2">
          {settings.sections.map((section) => (
            <Toggle key={section.id} label={`${pick(section.name, locale)} (${section.code})`} checked={whole || sections.has(section.id)} onChange={(e) => toggle(section.id, e.target.checked)} />
          ))}
        </div>
      </fieldset>
      <p className="text-slate-800" data-testid="named-counts">
        {t('counts', { named: settings.namedCount, unnamed: settings.unnamedCount })}
      </p>
      <p className="text-sm text-slate-600">{t('retention')}</p>
      <button type="submit" disabled={!hydrated || busy} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700 disabled:opacity-60">
        {t('save')}
      </button>
    </form>
  );
}
