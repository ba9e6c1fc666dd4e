import { Suspense } from 'react';
import { PlayedLock } from '@/components/organiser/played-lock';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import { ImageManager } from '@/components/organiser/image-manager';
import type { Locale } from '@/lib/i18n/routing';
import { eventGallery } from '@/lib/server/events/images';
import { eventScreen, eventScreenMetadata } from '../../../console-page';

type Props = PageProps<'/[locale]/organiser/events/[eventId]/images'>;

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/images', 'organiser.images.title');

/** The event's gallery: upload, cover, delete (owners and managers). */
async function ImagesScreen({ params }: { params: Props['params'] }) {
  const { locale: raw, eventId } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]/images', eventId);
  const t = await getTranslations('organiser.images');
  if (!access.ok || !event) return <EventFrame access={access} event={event} deniedTitle={t('title')}>{null}</EventFrame>;
  const gallery = await eventGallery(access.context.user, eventId);
  if (!gallery.ok) notFound();
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      <div className="space-y-2">
        <h2 className="text-xl font-semibold">{t('title')}</h2>
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      </div>
      <PlayedLock played={event.played}>
        <ImageManager eventId={eventId} gallery={gallery.gallery} cover={gallery.cover} cdnHost={process.env.STORAGE_CDN_HOST} />
      </PlayedLock>
    </EventFrame>
  );
}

export default function EventImagesPage({ params }: Props) {
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <ImagesScreen params={params} />
    </Suspense>
  );
}
