import { getRequestConfig } from 'next-intl/server';
import { defaultLocale, isLocale } from './routing';
import { TIME_ZONE } from './time-zone';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  return {
    locale,
    timeZone: TIME_ZONE,
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
