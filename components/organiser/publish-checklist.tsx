'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { apiQuery } from '@/lib/client/api-client';
import { queryKeys } from '@/lib/client/query-keys';
import { Link } from '@/lib/i18n/navigation';
import type { PublishChecklist as Checklist } from '@/lib/schemas/organiser-events';

/**
 * What a draft still needs before publishing, every item at once (GET …/publish-checklist: the same rule the
 * server publishes by), and the link to the preview of its fan page. `ready` tells the caller whether to offer publishing.
 */
export function PublishChecklist({ eventId }: { eventId: string }) {
  const t = useTranslations('organiser.publish');
  const checklist = useQuery({ queryKey: queryKeys.publishChecklist(eventId), queryFn: apiQuery<{ checklist: Checklist }>(`/api/v1/organiser/events/${eventId}/publish-checklist`) });
  const items = checklist.data?.checklist.items ?? [];
  const missing = items.filter((i) => !i.done).length;
  return (
    <section aria-labelledby="publish-checklist-title" className="w-full space-y-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="publish-checklist">
      <h2 id="publish-checklist-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {checklist.data && <p className="text-sm text-slate-800">{missing ? t('missing', { count: missing }) : t('ready')}</p>}
      <ul className="space-y-1">
        {items.map(({ item, done }) => (
          <li key={item} className="flex items-start gap-2" data-item={item} data-done={done}>
            <span aria-hidden="true" className={done ? 'text-emerald-800' : 'text-red-800'}>
              {done ? '✓' : '✗'}
            </span>
            <span>
              {t(`items.${item}`)} <span className="sr-only">({done ? t('done') : t('todo')})</span>
            </span>
          </li>
        ))}
      </ul>
      <Link href={{ pathname: '/organiser/events/[eventId]/preview', params: { eventId } }} className="inline-block font-medium text-emerald-900 underline">
        {t('preview')}
      </Link>
    </section>
  );
}
