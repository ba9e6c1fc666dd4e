import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { ProsePage } from './prose-page';

/** Legal documents whose messages are a title, the date of the last update and numbered sections (s1Title, s1Body, …). */
type LegalDocument = 'privacy' | 'terms';

export async function legalPageMetadata(locale: Locale, document: LegalDocument) {
  const t = await getTranslations({ locale, namespace: document });
  return pageMetadata({ locale, href: `/${document}`, title: t('title') });
}

export async function LegalPage({ document, sections }: { document: LegalDocument; sections: number }) {
  const t = await getTranslations(document);
  return (
    <ProsePage title={t('title')} lead={t('updated')}>
      {Array.from({ length: sections }, (_, i) => i + 1).map((n) => (
        <section key={n} id={`s${n}`}>
          <h2 className="text-xl font-semibold">{t(`s${n}Title` as 's1Title')}</h2>
          <p className="mt-2">{t(`s${n}Body` as 's1Body')}</p>
        </section>
      ))}
    </ProsePage>
  );
}
