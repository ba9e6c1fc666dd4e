import { useTranslations } from 'next-intl';
import { ErrorView, homeButtonClass } from '@/components/ui/error-view';
import { Link } from '@/lib/i18n/navigation';

export default function NotFound() {
  const t = useTranslations('errorPage');
  return (
    <ErrorView
      code={404}
      text={t('notFound')}
      action={
        <Link href="/" className={homeButtonClass}>
          {t('goHome')}
        </Link>
      }
    />
  );
}
