import { getTranslations } from 'next-intl/server';
import { Picture } from './picture';
import { allowedImage, GALLERY_SIZES } from './safe-image';

export type GalleryItem = { src: string; width: number; height: number; alt: string };

/** The event's pictures: next/image (webp, widths 320–1536 from next.config), lazily loaded. */
export async function Gallery({ images, headingId }: { images: GalleryItem[]; headingId: string }) {
  const t = await getTranslations('event');
  const shown = images.filter((image) => allowedImage(image.src, process.env.STORAGE_CDN_HOST));
  if (!shown.length) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-2xl font-semibold">
        {t('gallery')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {shown.map((image, i) => (
          <li key={image.src} className="relative aspect-[16/9] overflow-hidden rounded-lg bg-slate-200">
            <a href={image.src} target="_blank" rel="noopener" aria-label={`${image.alt} – ${t('galleryImage', { index: i + 1, count: shown.length })}`}>
              <Picture src={image.src} alt={image.alt} sizes={GALLERY_SIZES} className="object-cover transition-transform hover:scale-105" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
