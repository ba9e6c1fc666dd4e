'use client';

import { Link } from '@/lib/i18n/navigation';
import { MarkCurrent } from './mark-current';
import { ReturnHere, signInHref } from './return-here';

const icons = {
  home: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
  events: 'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4',
  tickets: 'M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 0 0-4V6H3zM14 6v12',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  signin: 'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3',
} as const;

type Props = {
  href: '/' | '/events' | '/tickets' | '/profile' | '/signin';
  icon: keyof typeof icons;
  label: string;
  /** The sign-in tab: it carries the current page as its return path. */
  returnHere?: boolean;
};

/** A bottom tab that marks the current screen (see MarkCurrent). */
export function TabLink(props: Props) {
  if (props.returnHere) {
    return <ReturnHere render={(next) => <MarkCurrent target={props.href} render={(active) => <StyledTabLink {...props} next={next} active={active} />} />} />;
  }
  return <MarkCurrent target={props.href} render={(active) => <StyledTabLink {...props} active={active} />} />;
}

function StyledTabLink({ href, icon, label, active, next = null }: Props & { active: boolean; next?: string | null }) {
  return (
    <Link
      href={href === '/signin' ? signInHref(next) : href}
      aria-current={active ? 'page' : undefined}
      className={`flex h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium ${active ? 'text-emerald-800' : 'text-slate-600'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={icons[icon]} />
      </svg>
      {label}
    </Link>
  );
}
