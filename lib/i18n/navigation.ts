import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// The only way to build links: typed internal paths, localized per language. `Link` prefetches on intent
// (lib/i18n/link.tsx says why).
export const { redirect, usePathname, useRouter, getPathname, permanentRedirect } = createNavigation(routing);
export { Link } from './link';
