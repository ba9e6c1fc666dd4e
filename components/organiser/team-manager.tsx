'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { OrgRole } from '@/lib/schemas/organiser';
import { inviteSchema, type Team } from '@/lib/schemas/organiser-team';
import { dateTimeFormat } from '@/lib/i18n/formats';
import { TitledSection } from '@/components/ui/titled-section';

type Member = Team['members'][number];
type Invitation = Team['invitations'][number];

const ROLES: OrgRole[] = ['owner', 'manager', 'scanner'];
const button = 'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-medium disabled:opacity-60';

function formatDate(iso: string, locale: string) {
  return dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** The team screen's interactive part: members (role, remove), the invite form and the open invitations. */
export function TeamManager({ orgId, organisation, me, members, invitations }: { orgId: string; organisation: string; me: string; members: Member[]; invitations: Invitation[] }) {
  const t = useTranslations('organiser');
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const refresh = () => startTransition(() => router.refresh());

  async function changeRole(member: Member, role: OrgRole): Promise<boolean> {
    setBusy(true);
    const result = await api.patch(`/api/v1/organiser/organisations/${orgId}/members/${member.userId}`, { role });
    setBusy(false);
    if (result.ok) notify.success({ title: t('team.members.roleChanged', { name: member.name, role: t(`roles.${role}`) }) });
    refresh();
    return result.ok;
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const result = await api.delete(`/api/v1/organiser/organisations/${orgId}/members/${removing.userId}`);
    setBusy(false);
    if (result.ok) notify.success({ title: t('team.members.removed', { name: removing.name }) });
    setRemoving(null);
    refresh();
  }

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    const result = await api.delete(`/api/v1/organiser/organisations/${orgId}/invitations/${revoking.id}`);
    setBusy(false);
    if (result.ok) notify.success({ title: t('team.invitations.revoked', { email: revoking.email }) });
    setRevoking(null);
    refresh();
  }

  const disabled = !hydrated || busy || pending;

  return (
    <div className="space-y-10">
      <TitledSection id="team-members" title={t('team.members.heading')} className="space-y-3">
        {/* A table on wide screens; each row a card on a phone. */}
        <table className="block w-full md:table">
          <thead className="hidden md:table-header-group">
            <tr className="border-b border-slate-200 text-left text-sm text-slate-600">
              <th scope="col" className="py-2 pr-4 font-medium">{t('team.members.name')}</th>
              <th scope="col" className="py-2 pr-4 font-medium">{t('team.members.since')}</th>
              <th scope="col" className="py-2 pr-4 font-medium">{t('team.members.role')}</th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">{t('team.members.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-3 md:table-row-group md:space-y-0">
            {members.map((member) => (
              <tr key={member.userId} className="block rounded-xl border border-slate-200 p-4 md:table-row md:rounded-none md:border-0 md:border-b md:p-0">
                <td className="block md:table-cell md:py-3 md:pr-4">
                  <span className="font-medium">{member.name}</span>
                  {member.userId === me && <span className="text-slate-600"> ({t('team.members.you')})</span>}
                  <span className="block break-all text-sm text-slate-700">{member.email}</span>
                </td>
                <td className="block py-1 text-sm text-slate-700 md:table-cell md:py-3 md:pr-4">
                  <span className="md:hidden">{t('team.members.since')}: </span>
                  {formatDate(member.since, locale)}
                </td>
                <td className="block py-2 md:table-cell md:py-3 md:pr-4">
                  <label className="sr-only" htmlFor={`role-${member.userId}`}>
                    {t('team.members.roleLabel', { name: member.name })}
                  </label>
                  <RoleSelect id={`role-${member.userId}`} role={member.role} disabled={disabled} onChange={(role) => changeRole(member, role)} />
                </td>
                <td className="block md:table-cell md:py-3 md:text-right">
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => setRemoving(member)}
                    aria-label={t('team.members.removeLabel', { name: member.name })}
                    className={`${button} w-full border border-red-300 bg-white text-red-800 hover:bg-red-50 md:w-auto`}
                  >
                    {t('team.members.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-3">
          {ROLES.map((role) => (
            <div key={role} className="contents">
              <dt className="font-medium">{t(`roles.${role}`)}</dt>
              <dd>{t(`team.roleHints.${role}`)}</dd>
            </div>
          ))}
        </dl>
      </TitledSection>

      <InviteForm orgId={orgId} onInvited={refresh} />

      <TitledSection id="team-invitations" title={t('team.invitations.heading')} className="space-y-3">
        {invitations.length === 0 ? (
          <p className="text-slate-700">{t('team.invitations.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="break-all font-medium">{invitation.email}</p>
                  <p className="text-sm text-slate-700">
                    {t(`roles.${invitation.role}`)} · {t('team.invitations.expires', { date: formatDate(invitation.expiresAt, locale) })}
                    {invitation.invitedBy && <> · {t('team.invitations.invitedBy', { name: invitation.invitedBy })}</>}
                  </p>
                </div>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => setRevoking(invitation)}
                  aria-label={t('team.invitations.revokeLabel', { email: invitation.email })}
                  className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}
                >
                  {t('team.invitations.revoke')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('team.confirmRemove.title', { name: removing.name }) : ''}
        confirmLabel={t('team.confirmRemove.yes')}
        cancelLabel={t('team.confirmRemove.no')}
        pending={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        {t('team.confirmRemove.text', { organisation })}
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('team.confirmRevoke.title')}
        confirmLabel={t('team.confirmRevoke.yes')}
        cancelLabel={t('team.confirmRevoke.no')}
        pending={busy}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        {revoking ? t('team.confirmRevoke.text', { email: revoking.email }) : null}
      </ConfirmDialog>
    </div>
  );
}

/** A member's role; a change the server refuses (the last owner) goes back to the role it keeps. */
function RoleSelect({ id, role, disabled, onChange }: { id: string; role: OrgRole; disabled: boolean; onChange: (role: OrgRole) => Promise<boolean> }) {
  const t = useTranslations('organiser.roles');
  const [value, setValue] = useState(role);
  const [shown, setShown] = useState(role);
  // The server's role after a refresh wins over what was picked.
  if (shown !== role) {
    setShown(role);
    setValue(role);
  }
  return (
    <select
      id={id}
      value={value}
      disabled={disabled}
      onChange={async (event) => {
        const next = event.target.value as OrgRole;
        setValue(next);
        if (!(await onChange(next))) setValue(role);
      }}
      className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 md:w-auto"
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {t(r)}
        </option>
      ))}
    </select>
  );
}

/** Invite by email with a role; the server's refusals (already a member, invalid email) appear at the field. */
function InviteForm({ orgId, onInvited }: { orgId: string; onInvited: () => void }) {
  const t = useTranslations('organiser');
  const form = useForm<z.input<typeof inviteSchema>, unknown, z.output<typeof inviteSchema>>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '', role: 'scanner' } });

  const submit = form.handleSubmit(async (input) => {
    const result = await api.post<{ invitation: { email: string } }>(`/api/v1/organiser/organisations/${orgId}/members`, input, { toast: [409, 422] });
    if (!result.ok) {
      const field = result.error.errors.find((e) => e.field === 'role') ? 'role' : 'email';
      if (result.status === 409 || result.status === 422) form.setError(field, { message: result.error.message });
      return;
    }
    notify.success({ title: t('team.invite.sent', { email: result.data.invitation.email }) });
    form.reset({ email: '', role: input.role });
    onInvited();
  });

  return (
    <TitledSection id="team-invite" title={t('team.invite.heading')} className="max-w-xl space-y-3">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField type="email" autoComplete="off" label={t('team.invite.email')} error={form.formState.errors.email?.message} {...form.register('email')} />
        <SelectField label={t('team.invite.role')} error={form.formState.errors.role?.message} {...form.register('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <p className="text-sm text-slate-700">{t('team.invite.hint')}</p>
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel={t('team.invite.pending')} inline>
          {t('team.invite.submit')}
        </SubmitButton>
      </form>
    </TitledSection>
  );
}
