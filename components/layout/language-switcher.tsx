'use client';

import { useParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Suspense, useTransition } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { routing, type Locale } from '@/lib/i18n/routing';
import { useHydrated } from '@/components/ui/use-hydrated';

/** The language picker; it needs the current URL to translate it, so it streams in after the shell. */
export function LanguageSwitcher() {
  return (
    <Suspense fallback={<LanguageSelect onChange={null} />}>
      <RoutedLanguageSwitcher />
    </Suspense>
  );
}

function RoutedLanguageSwitcher() {
  const hydrated = useHydrated();
  const router = useRouter();
  const pathname = usePathname();
  const params = useParams();
  const [pending, startTransition] = useTransition();

  function change(next: Locale) {
    startTransition(() => {
      // The same screen in the other language, with its translated path and the same parameters.
      router.replace({ pathname, params } as Parameters<typeof router.replace>[0], { locale: next });
    });
  }

  // Disabled until hydrated: a choice made before React listens would be silently lost.
  return <LanguageSelect onChange={hydrated ? change : null} pending={pending} />;
}

function LanguageSelect({ onChange, pending = false }: { onChange: ((next: Locale) => void) | null; pending?: boolean }) {
  const t = useTranslations('nav');
  const locale = useLocale();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t('language')}</span>
      <select
        value={locale}
        disabled={pending || !onChange}
        onChange={(e) => onChange?.(e.target.value as Locale)}
        className="rounded-md border border-emerald-700 bg-emerald-950 px-2 py-1.5 text-white"
      >
        {routing.locales.map((l) => (
          <option key={l} value={l}>
            {t(`languageNames.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
