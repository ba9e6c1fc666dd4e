import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// The only way to build links: typed internal paths, localized per language.
export const { Link, redirect, usePathname, useRouter, getPathname, permanentRedirect } = createNavigation(routing);
