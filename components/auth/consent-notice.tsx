'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

/** What creating an account agrees to, with links to the terms and the privacy notice (sign-up, an invitation's new account). */
export function ConsentNotice() {
  const t = useTranslations('auth');
  return (
    <p className="text-sm text-slate-700">
      {t.rich('consent', {
        terms: (chunks) => (
          <Link href="/terms" className="text-emerald-800 underline">
            {chunks}
          </Link>
        ),
        privacy: (chunks) => (
          <Link href="/privacy" className="text-emerald-800 underline">
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}
