import { getRequestConfig } from 'next-intl/server';
import { defaultLocale, isLocale } from './routing';

const TIME_ZONE = 'Europe/Bratislava';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  return {
    locale,
    timeZone: TIME_ZONE,
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
