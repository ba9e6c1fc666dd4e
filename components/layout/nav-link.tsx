'use client';

import type { ComponentProps } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';

type Props = { href: ComponentProps<typeof Link>['href']; children: React.ReactNode; variant?: 'link' | 'button' };

export function NavLink({ href, children, variant = 'link' }: Props) {
  const pathname = usePathname();
  const target = typeof href === 'string' ? href : href.pathname;
  const active = target === '/' ? pathname === '/' : pathname === target || pathname.startsWith(`${target}/`);
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
