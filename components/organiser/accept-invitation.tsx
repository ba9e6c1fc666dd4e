'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormAlert } from '@/components/auth/form-parts';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { Link } from '@/lib/i18n/navigation';
import { CURRENT_ORG_COOKIE, CURRENT_ORG_MAX_AGE } from '@/lib/organiser/current-org';
import type { OrgRole } from '@/lib/schemas/organiser';

type Accepted = { organisation: { id: string; name: string }; role: OrgRole };

/** Accepts a team invitation as the signed-in account; the server's refusal (another email, expired…) is shown here. */
export function AcceptInvitation({ token }: { token: string }) {
  const t = useTranslations('organiser');
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<Accepted | null>(null);

  async function accept() {
    setPending(true);
    setError(null);
    const result = await api.post<Accepted>('/api/v1/organiser/invitations/accept', { token }, { toast: [400, 403, 422] });
    setPending(false);
    if (!result.ok) {
      if (result.status) setError(result.error.message);
      return;
    }
    // The console opens on the organisation just joined (as the console's switcher would choose it).
    document.cookie = `${CURRENT_ORG_COOKIE}=${encodeURIComponent(result.data.organisation.id)}; Path=/; Max-Age=${CURRENT_ORG_MAX_AGE}; SameSite=Lax`;
    setAccepted(result.data);
    notify.success({ title: t('invitation.accepted', { organisation: result.data.organisation.name, role: t(`roles.${result.data.role}`) }) });
  }

  if (accepted) {
    return (
      <div className="space-y-3">
        <FormAlert tone="success" message={t('invitation.accepted', { organisation: accepted.organisation.name, role: t(`roles.${accepted.role}`) })} />
        <Link href="/organiser" className="inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-800 px-5 py-2 font-medium text-white hover:bg-emerald-700">
          {t('invitation.openConsole')}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <FormAlert message={error} />
      <button
        type="button"
        onClick={accept}
        disabled={!hydrated || pending}
        aria-busy={pending}
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-emerald-800 px-5 py-2 font-medium text-white hover:bg-emerald-700 disabled:opacity-70"
      >
        {pending && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
        {pending ? t('invitation.accepting') : t('invitation.accept')}
      </button>
    </div>
  );
}
