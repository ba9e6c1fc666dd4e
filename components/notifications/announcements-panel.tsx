'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { api, apiQuery } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useHydrated } from '@/components/ui/use-hydrated';
import { formatDate } from '@/lib/i18n/formats';
import { locales, type Locale } from '@/lib/i18n/routing';
import { textIn } from '@/lib/localized-text';
import { ANNOUNCEMENT_MAX, type Announcement } from '@/lib/schemas/notifications';
import { queryKeys } from '@/lib/client/query-keys';

const POLL_MS = 5_000;
const empty = { sk: '', cs: '', en: '' };

/** Whom the announcements are to: one event's ticket holders, one season's season-ticket holders, or all the organisation's coming events' ticket holders. */
export type AnnouncementTarget = { eventId: string } | { seasonId: string } | { orgId: string };

type Listed = { announcements: Announcement[]; audience?: number };

function targetOf(target: AnnouncementTarget): { kind: 'event' | 'season' | 'organisation'; id: string; path: string } {
  if ('seasonId' in target) return { kind: 'season', id: target.seasonId, path: `/api/v1/organiser/seasons/${encodeURIComponent(target.seasonId)}/announcements` };
  if ('orgId' in target) return { kind: 'organisation', id: target.orgId, path: `/api/v1/organiser/organisations/${encodeURIComponent(target.orgId)}/announcements` };
  return { kind: 'event', id: target.eventId, path: `/api/v1/organiser/events/${encodeURIComponent(target.eventId)}/announcements` };
}

/**
 * The console's announcements of one event (or season, or the whole organisation): a short message in
 * sk/cs/en to every holder, sent after a confirmation, and the ones sent with their delivery counts
 * (refreshed while any is under way). The organisation's shows how many people one would reach.
 */
export function AnnouncementsPanel({ target, initial, audience }: { target: AnnouncementTarget; initial: Announcement[]; audience?: number }) {
  const t = useTranslations('notifications.announcements');
  const tNav = useTranslations('nav');
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const { kind, id, path } = targetOf(target);
  const key = queryKeys.announcements(kind, id);
  const titleId = useId();
  const historyId = useId();
  const { data } = useQuery({
    queryKey: key,
    queryFn: apiQuery<Listed>(path, { toast: false }),
    initialData: { announcements: initial, audience } as Listed,
    refetchInterval: (query) => (query.state.data?.announcements.some((a) => a.queued > 0) ? POLL_MS : false),
  });
  const [message, setMessage] = useState(empty);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  // Disabled until React listens: a message typed before would be undone by hydration, unnoticed.
  const hydrated = useHydrated();
  const filled = Object.values(message).some((text) => text.trim().length > 0);
  const reach = data.audience ?? 0;
  // The season's words name season-ticket holders, the organisation's everyone with a ticket; the rest of the form is the event's.
  const words =
    kind === 'season'
      ? { title: t('season.title'), intro: t('season.intro'), limit: t('season.limit'), send: t('season.send'), confirm: t('season.confirm'), sent: (count: number) => t('season.sent', { count }) }
      : kind === 'organisation'
        ? {
            title: t('organisation.title'),
            intro: t('organisation.intro'),
            limit: t('organisation.limit'),
            send: t('organisation.send'),
            confirm: t('organisation.confirm', { count: reach }),
            sent: (count: number) => t('organisation.sent', { count }),
          }
        : { title: t('title'), intro: t('intro'), limit: t('limit'), send: t('send'), confirm: t('confirm'), sent: (count: number) => t('sent', { count }) };

  async function send() {
    setSending(true);
    const result = await api.post<Announcement>(path, { message });
    setSending(false);
    setConfirming(false);
    if (!result.ok) return;
    notify.success({ title: words.sent(result.data.recipients) });
    setMessage(empty);
    await queryClient.invalidateQueries({ queryKey: key });
  }

  return (
    <section aria-labelledby={titleId} className="space-y-6" data-testid="announcements">
      <div className="space-y-2">
        <h2 id={titleId} className="text-xl font-semibold">
          {words.title}
        </h2>
        <p className="max-w-2xl text-slate-700">{words.intro}</p>
        <p className="text-sm text-slate-600">{words.limit}</p>
        {kind === 'organisation' && (
          <p className="font-medium text-slate-900" data-testid="announcement-audience">
            {t('organisation.audience', { count: reach })}
          </p>
        )}
      </div>
      <form
        className="max-w-2xl space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (filled) setConfirming(true);
        }}
      >
        <fieldset disabled={!hydrated} className="space-y-4">
          {locales.map((l) => (
            <label key={l} className="block space-y-1">
              <span className="text-sm font-medium">{t('message', { language: tNav(`languageNames.${l}`) })}</span>
              <textarea
                lang={l}
                rows={2}
                maxLength={ANNOUNCEMENT_MAX}
                value={message[l]}
                onChange={(e) => setMessage({ ...message, [l]: e.target.value })}
                className="block w-full rounded-lg border border-slate-300 px-3 py-2"
              />
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={!filled || sending || !hydrated} className="min-h-11 rounded-lg bg-emerald-800 px-5 py-2 font-medium text-white disabled:opacity-60">
          {sending ? t('sending') : words.send}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={words.send}
        confirmLabel={words.send}
        cancelLabel={t('cancel')}
        pending={sending}
        pendingLabel={t('sending')}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      >
        <p>{words.confirm}</p>
      </ConfirmDialog>
      <div className="space-y-2">
        <h3 id={historyId} className="text-lg font-semibold">
          {t('history')}
        </h3>
        {data.announcements.length === 0 ? (
          <p className="text-slate-700">{t('empty')}</p>
        ) : (
          // A focusable region named like the table: on a phone the table scrolls sideways, by keyboard too.
          <ScrollRegion labelledBy={historyId}>
            <table className="w-full text-left text-sm" data-testid="announcement-list">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-4">{t('at')}</th>
                  <th scope="col" className="py-2 pr-4">{t('messageColumn')}</th>
                  <th scope="col" className="px-2 py-2 text-right">{t('recipients')}</th>
                  <th scope="col" className="px-2 py-2 text-right">{t('queued')}</th>
                  <th scope="col" className="px-2 py-2 text-right">{t('delivered')}</th>
                  <th scope="col" className="px-2 py-2 text-right">{t('failed')}</th>
                </tr>
              </thead>
              <tbody>
                {data.announcements.map((a) => (
                  <tr key={a.id} className="border-b border-slate-100 align-top" data-testid="announcement-row">
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDate(a.createdAt, locale, { dateStyle: 'short', timeStyle: 'short' })}</td>
                    <td className="py-2 pr-4">{textIn(a.message, locale)}</td>
                    <td className="px-2 py-2 text-right tabular-nums" data-testid="announcement-recipients">{a.recipients}</td>
                    <td className="px-2 py-2 text-right tabular-nums" data-testid="announcement-queued">{a.queued}</td>
                    <td className="px-2 py-2 text-right tabular-nums" data-testid="announcement-sent">{a.sent}</td>
                    <td className="px-2 py-2 text-right tabular-nums" data-testid="announcement-failed">{a.failed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>
    </section>
  );
}
