/** @jest-environment jsdom */

const posthog = { init: jest.fn(), capture: jest.fn(), identify: jest.fn(), reset: jest.fn() };
jest.mock('posthog-js', () => ({ __esModule: true, default: posthog }));

async function loadAnalytics(key: string | undefined) {
  jest.resetModules();
  if (key) process.env.NEXT_PUBLIC_POSTHOG_KEY = key;
  else delete process.env.NEXT_PUBLIC_POSTHOG_KEY;
  return (await import('@/lib/client/analytics')).analytics;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => jest.clearAllMocks());

describe('product analytics (spec §1)', () => {
  it('does nothing at all without a key', async () => {
    const analytics = await loadAnalytics(undefined);
    analytics.pageView('/sk/podujatia');
    analytics.identify({ id: 'u1' });
    analytics.reset();
    await flush();
    expect(posthog.init).not.toHaveBeenCalled();
    expect(posthog.capture).not.toHaveBeenCalled();
  });

  it('sends page views with the full path through the same-site proxy, memory persistence, identified profiles only', async () => {
    const analytics = await loadAnalytics('phc_test');
    analytics.pageView('/sk/podujatia?q=kosice');
    await flush();
    expect(posthog.init).toHaveBeenCalledWith(
      'phc_test',
      expect.objectContaining({
        api_host: '/ingest',
        persistence: 'memory',
        person_profiles: 'identified_only',
        capture_pageview: false,
        capture_pageleave: true,
      }),
    );
    expect(posthog.capture).toHaveBeenCalledWith('$pageview', expect.objectContaining({ path: '/sk/podujatia?q=kosice', $current_url: 'http://localhost/sk/podujatia?q=kosice' }));
  });

  it('identifies by account id only after sign-in, and resets on sign-out', async () => {
    const analytics = await loadAnalytics('phc_test');
    analytics.identify({ id: 'user-1' });
    analytics.reset();
    await flush();
    expect(posthog.identify).toHaveBeenCalledWith('user-1');
    expect(posthog.reset).toHaveBeenCalledTimes(1);
    expect(posthog.init).toHaveBeenCalledTimes(1);
  });
});
