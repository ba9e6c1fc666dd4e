'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SubmitButton } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { Link } from '@/lib/i18n/navigation';

/** The unsubscribe page's confirmation: one button, then what changed. */
export function UnsubscribeConfirm({ token, topic }: { token: string; topic: string }) {
  const t = useTranslations('notifications.unsubscribe');
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    const result = await api.post('/api/v1/notifications/unsubscribe', { token });
    setPending(false);
    if (result.ok) setDone(true);
  }

  if (done) {
    return (
      <div className="space-y-4" role="status" data-testid="unsubscribed">
        <p>{t('done', { topic })}</p>
        <Link href="/profile" className="inline-block text-emerald-800 underline">
          {t('profile')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={confirm} className="space-y-4">
      <p>{t('body', { topic })}</p>
      <SubmitButton pending={pending} pendingLabel={t('confirming')}>
        {t('confirm')}
      </SubmitButton>
    </form>
  );
}
