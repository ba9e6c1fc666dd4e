'use client';

import type { ComponentProps } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { MarkCurrent } from './mark-current';
import { ReturnHere, signInHref } from './return-here';

type Props = {
  href: ComponentProps<typeof Link>['href'];
  children: React.ReactNode;
  variant?: 'link' | 'button';
  /** The sign-in link: it carries the current page as its return path. */
  returnHere?: boolean;
};

/** A header link that marks the current screen (see MarkCurrent). */
export function NavLink(props: Props) {
  const target = typeof props.href === 'string' ? props.href : props.href.pathname;
  if (props.returnHere) {
    return (
      <ReturnHere render={(next) => <MarkCurrent target={target} render={(active) => <StyledNavLink {...props} href={signInHref(next)} active={active} />} />} />
    );
  }
  return <MarkCurrent target={target} render={(active) => <StyledNavLink {...props} active={active} />} />;
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
