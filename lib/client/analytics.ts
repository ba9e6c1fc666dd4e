'use client';

import type { PostHog } from 'posthog-js';

const key = process.env.NEXT_PUBLIC_POSTHOG_KEY;
let client: Promise<PostHog> | null = null;

/** PostHog, loaded only when a key is configured; EU region through the same-site /ingest proxy. */
function posthog(): Promise<PostHog> | null {
  if (!key || typeof window === 'undefined') return null;
  client ??= import('posthog-js').then(({ default: ph }) => {
    ph.init(key, {
      api_host: '/ingest',
      ui_host: 'https://eu.posthog.com',
      persistence: 'memory',
      person_profiles: 'identified_only',
      capture_pageview: false,
      capture_pageleave: true,
    });
    return ph;
  });
  return client;
}

export const analytics = {
  pageView(path: string) {
    posthog()?.then((ph) => ph.capture('$pageview', { $current_url: window.location.origin + path, path }));
  },
  /** Links analytics to the account by its id only: no email or name leaves for analytics. */
  identify(user: { id: string }) {
    posthog()?.then((ph) => ph.identify(user.id));
  },
  reset() {
    posthog()?.then((ph) => ph.reset());
  },
};
