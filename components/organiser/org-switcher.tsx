'use client';

import { useTranslations } from 'next-intl';
import { useId, useTransition } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useRouter } from '@/lib/i18n/navigation';
import { CURRENT_ORG_COOKIE, CURRENT_ORG_MAX_AGE } from '@/lib/organiser/current-org';

type Org = { id: string; name: string };

/** Switches the console between the organisations the user belongs to (remembered in a cookie; the server checks membership). */
export function OrgSwitcher({ organisations, currentId }: { organisations: Org[]; currentId: string }) {
  const t = useTranslations('organiser.switcher');
  const id = useId();
  const router = useRouter();
  const hydrated = useHydrated();
  const [pending, startTransition] = useTransition();

  function choose(orgId: string) {
    document.cookie = `${CURRENT_ORG_COOKIE}=${encodeURIComponent(orgId)}; Path=/; Max-Age=${CURRENT_ORG_MAX_AGE}; SameSite=Lax`;
    startTransition(() => {
      router.push('/organiser');
      router.refresh();
    });
  }

  if (organisations.length < 2) return <p className="font-semibold text-slate-900">{organisations[0]?.name}</p>;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700">
        {t('label')}
      </label>
      <select
        id={id}
        value={currentId}
        disabled={!hydrated || pending}
        aria-busy={pending}
        onChange={(event) => choose(event.target.value)}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-900"
      >
        {organisations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {pending && <span className="text-sm text-slate-600">{t('switching')}</span>}
    </div>
  );
}
