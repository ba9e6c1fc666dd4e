// The header's links read the URL (usePathname), which for /events/{id}/… is only known at request time:
// the event page, its cart and its checkout render at request time, so they are allowed to block.
export const instant = false;

export default function EventLayout({ children }: LayoutProps<'/[locale]/events/[id]'>) {
  return children;
}
