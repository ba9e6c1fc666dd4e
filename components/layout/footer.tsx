import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

const social = [
  { name: 'Instagram', href: 'https://www.instagram.com/tribuna.sk' },
  { name: 'Facebook', href: 'https://www.facebook.com/tribuna.sk' },
  { name: 'TikTok', href: 'https://www.tiktok.com/@tribuna.sk' },
];

export async function Footer() {
  const [t, nav, sell] = await Promise.all([getTranslations('footer'), getTranslations('nav'), getTranslations('onboarding.apply')]);
  return (
    <footer data-fan-nav className="mt-12 border-t border-slate-200 bg-white pb-20 md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t('links')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link href="/" className="hover:underline">{nav('home')}</Link></li>
            <li><Link href="/events" className="hover:underline">{nav('events')}</Link></li>
            <li><Link href="/tickets" className="hover:underline">{nav('tickets')}</Link></li>
            <li><Link href="/about" className="hover:underline">{nav('about')}</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t('legal')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link href="/terms" className="hover:underline">{t('terms')}</Link></li>
            <li><Link href="/privacy" className="hover:underline">{t('gdpr')}</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-partners">
          <h2 id="footer-partners" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t('partnership')}
          </h2>
          <p className="mt-3 text-sm text-slate-700">{t('partnershipText')}</p>
          <Link href="/sell" className="mt-2 block text-sm font-medium text-emerald-800 underline">
            {sell('link')}
          </Link>
          <a href="mailto:partners@tribuna.sk" className="mt-2 inline-block text-sm font-medium text-emerald-800 underline">
            {t('partnershipCta')}
          </a>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t('social')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank" className="hover:underline">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-600">{t('rights', { year: 2026 })}</p>
    </footer>
  );
}
