'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { SubmitButton } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { disablePush, enablePush, pushState, type PushState } from '@/lib/client/push';
import { notify } from '@/lib/client/toast';
import { locales, type Locale } from '@/lib/i18n/routing';
import { NOTIFICATION_TOPICS, type NotificationSettingsAnswer, type NotificationTopic } from '@/lib/schemas/notifications';

/** Topics a fan chooses (announcements and feedback too: they are messages to them). */
const TOPICS = NOTIFICATION_TOPICS;

/**
 * The profile's notification settings (issue 19, item 5): push in this browser on or off, the topics
 * per channel and the language of the texts. Permission is asked only on the button's click.
 */
export function NotificationSettings({ initial }: { initial: NotificationSettingsAnswer }) {
  const t = useTranslations('notifications');
  const tNav = useTranslations('nav');
  const [settings, setSettings] = useState(initial);
  const [push, setPush] = useState<NotificationTopic[]>(initial.push);
  const [email, setEmail] = useState<NotificationTopic[]>(initial.email);
  const [locale, setLocale] = useState<Locale>(initial.locale);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    pushState().then(setState, () => setState('unsupported'));
  }, []);

  const toggle = (list: NotificationTopic[], set: (next: NotificationTopic[]) => void, topic: NotificationTopic) =>
    set(list.includes(topic) ? list.filter((x) => x !== topic) : [...list, topic]);

  async function turnOn() {
    setBusy(true);
    try {
      const next = await enablePush(settings.vapidPublicKey);
      setState(next);
      if (next === 'on') {
        notify.success({ title: t('settings.enabled') });
        const fresh = await api.get<NotificationSettingsAnswer>('/api/v1/notifications/settings');
        if (fresh.ok) setSettings(fresh.data);
      }
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      setState(await disablePush());
      notify.success({ title: t('settings.disabled') });
      const fresh = await api.get<NotificationSettingsAnswer>('/api/v1/notifications/settings');
      if (fresh.ok) setSettings(fresh.data);
    } finally {
      setBusy(false);
    }
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await api.put<NotificationSettingsAnswer>('/api/v1/notifications/settings', { push, email, locale });
    setSaving(false);
    if (!result.ok) return;
    setSettings(result.data);
    notify.success({ title: t('settings.saved') });
  }

  const button = 'min-h-11 rounded-lg border px-4 py-2 text-sm font-medium';

  return (
    <section id="notifications" aria-labelledby="notifications-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6" data-testid="notification-settings">
      <h2 id="notifications-title" className="text-xl font-semibold">
        {t('settings.title')}
      </h2>
      <p className="text-slate-700">{t('settings.intro')}</p>
      <div className="space-y-2" aria-live="polite">
        {state === 'unsupported' && <p className="text-slate-700">{t('settings.unsupported')}</p>}
        {state === 'denied' && <p className="text-slate-700">{t('settings.denied')}</p>}
        {state === 'on' && <p className="font-medium" data-testid="push-state">{t('settings.pushOn')}</p>}
        {state === 'off' && <p data-testid="push-state">{t('settings.pushOff')}</p>}
        <p className="text-sm text-slate-600">{t('settings.devices', { count: settings.pushDevices })}</p>
        {state === 'off' && (
          <button type="button" disabled={busy} onClick={turnOn} className={`${button} border-emerald-700 bg-emerald-700 text-white hover:bg-emerald-800 disabled:opacity-60`}>
            {busy ? t('settings.enabling') : t('settings.enable')}
          </button>
        )}
        {state === 'on' && (
          <button type="button" disabled={busy} onClick={turnOff} className={`${button} border-slate-300 bg-white hover:bg-slate-50 disabled:opacity-60`}>
            {t('settings.disable')}
          </button>
        )}
      </div>
      <form onSubmit={save} className="space-y-4">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('settings.topic')}
                </th>
                <th scope="col" className="px-2 py-2 text-center font-semibold">
                  {t('settings.push')}
                </th>
                <th scope="col" className="px-2 py-2 text-center font-semibold">
                  {t('settings.email')}
                </th>
              </tr>
            </thead>
            <tbody>
              {TOPICS.map((topic) => (
                <tr key={topic} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {t(`topics.${topic}`)}
                  </th>
                  <td className="px-2 py-2 text-center">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      aria-label={`${t(`topics.${topic}`)}: ${t('settings.push')}`}
                      checked={push.includes(topic)}
                      onChange={() => toggle(push, setPush, topic)}
                    />
                  </td>
                  <td className="px-2 py-2 text-center">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      aria-label={`${t(`topics.${topic}`)}: ${t('settings.email')}`}
                      checked={email.includes(topic)}
                      onChange={() => toggle(email, setEmail, topic)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <label className="block space-y-1">
          <span className="text-sm font-medium">{t('settings.language')}</span>
          <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)} className="block min-h-11 rounded-lg border border-slate-300 bg-white px-3">
            {locales.map((l) => (
              <option key={l} value={l}>
                {tNav(`languageNames.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="sm:w-56">
          <SubmitButton pending={saving} pendingLabel={t('settings.saving')}>
            {t('settings.save')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
