'use client';
// Links prefetch their page when the fan reaches for them — a finger on the link, the pointer over it,
// keyboard focus — not when they scroll into view (Next's default). On the event page the header, the
// tabs and the page's own links made 13 prefetch requests while it loaded, on a stadium's crowded
// network, and processing their answers was one of the longest tasks after the first paint (issue 17,
// Lighthouse's blocking time). A touch comes ~100 ms before its click, so the page is on its way by then.
import { createNavigation } from 'next-intl/navigation';
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from 'react';
import { routing } from './routing';

const navigation = createNavigation(routing);
const BaseLink = navigation.Link;

export function Link({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof BaseLink>) {
  const router = navigation.useRouter();
  const prefetchNow = () => {
    if (prefetch === false) return;
    // A link's href is a router href too; only its query's type is wider (a UrlObject's may be null).
    router.prefetch(props.href as Parameters<typeof router.prefetch>[0], props.locale ? { locale: props.locale } : undefined);
  };
  return (
    <BaseLink
      {...props}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        prefetchNow();
        onMouseEnter?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        prefetchNow();
        onTouchStart?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetchNow();
        onFocus?.(event);
      }}
    />
  );
}
