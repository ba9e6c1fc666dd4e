'use client';

import { Suspense, type ComponentProps } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';

type Props = { href: ComponentProps<typeof Link>['href']; children: React.ReactNode; variant?: 'link' | 'button' };

/**
 * A header link that marks the current screen. Only the marking reads the URL, so it sits in its own
 * Suspense boundary: the link itself stays in every page's prerendered shell.
 */
export function NavLink(props: Props) {
  return (
    <Suspense fallback={<StyledNavLink {...props} active={false} />}>
      <ActiveNavLink {...props} />
    </Suspense>
  );
}

function ActiveNavLink(props: Props) {
  const pathname = usePathname();
  const target = typeof props.href === 'string' ? props.href : props.href.pathname;
  const active = target === '/' ? pathname === '/' : pathname === target || pathname.startsWith(`${target}/`);
  return <StyledNavLink {...props} active={active} />;
}

function StyledNavLink({ href, children, variant = 'link', active }: Props & { active: boolean }) {
  const base = 'rounded-md px-3 py-2 text-sm font-medium transition-colors';
  const style =
    variant === 'button'
      ? 'bg-amber-400 text-emerald-950 hover:bg-amber-300'
      : active
        ? 'bg-emerald-800 text-white'
        : 'text-emerald-50 hover:bg-emerald-800';
  return (
    <Link href={href} className={`${base} ${style}`} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
