// Spec §7/§9: event images come from our own /images or, when configured, the storage CDN host only.
// Anything else is dropped rather than handed to next/image (which would refuse it).
export function allowedImage(src: string, cdnHost: string | undefined): boolean {
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  if (!cdnHost) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.hostname === cdnHost;
  } catch {
    return false;
  }
}

/** Widths of spec §9 (xs 320 … 2xl 1536) as a `sizes` attribute for a picture `fraction` of the content width. */
export const CARD_SIZES = '(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw';
export const HERO_SIZES = '(min-width: 1280px) 1024px, (min-width: 768px) 768px, 100vw';
export const GALLERY_SIZES = '(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw';
