import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

type Props = { code: number; text: string; action: ReactNode };

/** The error page (spec §2): global error title, status code with text, a way home. */
export function ErrorView({ code, text, action }: Props) {
  const t = useTranslations('errorPage');
  const tGlobal = useTranslations('global.error');
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <title>{t('title')}</title>
      <h1 className="text-3xl font-bold">{tGlobal('title')}</h1>
      <p className="mt-6 text-6xl font-bold text-slate-500">
        <span aria-hidden="true">{code}</span>
        <span className="sr-only">{t('statusCode', { code })}</span>
      </p>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      <div className="mt-8">{action}</div>
    </section>
  );
}

export const homeButtonClass =
  'inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700';
