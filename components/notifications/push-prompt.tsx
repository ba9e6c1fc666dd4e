'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api-client';
import { enablePush, pushState } from '@/lib/client/push';
import { notify } from '@/lib/client/toast';
import type { NotificationSettingsAnswer } from '@/lib/schemas/notifications';

const DISMISSED = 'tribuna-push-prompt-dismissed';

/**
 * After buying (a paid order's page), the offer to turn on push notifications: only where the browser
 * can, the fan has not decided yet (permission "default", no subscription) and has not said "not now".
 * The browser's own permission question comes only from the button's click.
 */
export function PushPrompt() {
  const t = useTranslations('notifications.prompt');
  const tSettings = useTranslations('notifications.settings');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    if (localStorage.getItem(DISMISSED)) return;
    pushState().then((state) => {
      if (live && state === 'off' && Notification.permission === 'default') setShow(true);
    }, () => {});
    return () => {
      live = false;
    };
  }, []);

  if (!show) return null;

  async function accept() {
    setBusy(true);
    try {
      const settings = await api.get<NotificationSettingsAnswer>('/api/v1/notifications/settings');
      if (!settings.ok) return;
      const state = await enablePush(settings.data.vapidPublicKey);
      if (state === 'on') notify.success({ title: tSettings('enabled') });
      if (state === 'denied') notify.error({ title: tSettings('denied') });
      setShow(false);
    } finally {
      setBusy(false);
    }
  }

  function dismiss() {
    localStorage.setItem(DISMISSED, '1');
    setShow(false);
  }

  return (
    <section aria-labelledby="push-prompt-title" className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950" data-print="hide" data-testid="push-prompt">
      <h2 id="push-prompt-title" className="font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1">{t('body')}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" disabled={busy} onClick={accept} className="min-h-11 rounded-lg bg-emerald-800 px-4 py-2 text-sm font-medium text-white disabled:opacity-60">
          {t('accept')}
        </button>
        <button type="button" onClick={dismiss} className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium">
          {t('dismiss')}
        </button>
      </div>
    </section>
  );
}
