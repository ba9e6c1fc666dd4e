import { getImageProps } from 'next/image';
import { preload } from 'react-dom';

/**
 * An event picture filling its (relative) box: the props next/image would give (webp through /_next/image,
 * srcset of next.config's widths, `sizes`) on a plain server-rendered <img>, so no image component code
 * goes to the browser. `lcp`: the page's largest picture — fetched at high priority and preloaded from
 * the <head>; every other picture loads lazily.
 */
export function Picture({ src, alt, sizes, className, lcp = false }: { src: string; alt: string; sizes: string; className?: string; lcp?: boolean }) {
  const { props } = getImageProps({ src, alt, sizes, fill: true, loading: lcp ? 'eager' : 'lazy', fetchPriority: lcp ? 'high' : undefined });
  if (lcp && props.srcSet) preload(props.src, { as: 'image', imageSrcSet: props.srcSet, imageSizes: props.sizes, fetchPriority: 'high' });
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own props, without its client component
  return <img {...props} className={className} />;
}
