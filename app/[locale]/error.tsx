'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ErrorView, homeButtonClass } from '@/components/ui/error-view';
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/client/chunk-reload';
import { Link } from '@/lib/i18n/navigation';

export default function ErrorPage({ error }: { error: Error & { digest?: string } }) {
  const t = useTranslations('errorPage');
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError(window.sessionStorage, () => window.location.reload());
  }, [error]);
  return (
    <ErrorView
      code={500}
      text={t('serverError')}
      action={
        <Link href="/" className={homeButtonClass}>
          {t('goHome')}
        </Link>
      }
    />
  );
}
