'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { createVenueSchema } from '@/lib/schemas/organiser-venues';

type Values = z.input<typeof createVenueSchema>;

const optionalNumber = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));
const nullableNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** A venue's details: creates one (then opens it), or saves an existing one's. */
export function VenueForm({ organisation, venue }: { organisation: string; venue?: { id: string } & Omit<Values, 'organisation'> }) {
  const t = useTranslations('organiser.venues.form');
  const router = useRouter();
  const form = useForm<Values, unknown, z.output<typeof createVenueSchema>>({
    resolver: zodResolver(createVenueSchema),
    defaultValues: venue
      ? { organisation, name: venue.name, address: venue.address, city: venue.city, country: venue.country, latitude: venue.latitude, longitude: venue.longitude, mapWidth: venue.mapWidth, mapHeight: venue.mapHeight }
      : { organisation, name: '', address: '', city: '', country: 'SK', latitude: null, longitude: null, mapWidth: 1000, mapHeight: 700 },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const submit = form.handleSubmit(async (values) => {
    if (venue) {
      const { organisation: _org, ...details } = values;
      void _org;
      const result = await api.patch(`/api/v1/organiser/venues/${venue.id}`, details);
      if (!result.ok) return;
      notify.success({ title: t('saved') });
      router.refresh();
      return;
    }
    const result = await api.post<{ id: string }>('/api/v1/organiser/venues', values);
    if (!result.ok) return;
    notify.success({ title: t('created') });
    router.push({ pathname: '/organiser/venues/[venueId]', params: { venueId: result.data.id } });
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <input type="hidden" {...register('organisation')} />
      <TextField label={t('name')} autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField label={t('address')} autoComplete="street-address" error={errors.address?.message} {...register('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('city')} autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        <SelectField label={t('country')} error={errors.country?.message} {...register('country')}>
          <option value="SK">{t('countrySK')}</option>
          <option value="CZ">{t('countryCZ')}</option>
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('latitude')} inputMode="decimal" error={errors.latitude?.message} {...register('latitude', { setValueAs: nullableNumber })} />
        <TextField label={t('longitude')} inputMode="decimal" error={errors.longitude?.message} {...register('longitude', { setValueAs: nullableNumber })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('mapWidth')} inputMode="numeric" error={errors.mapWidth?.message} {...register('mapWidth', { setValueAs: optionalNumber })} />
        <TextField label={t('mapHeight')} inputMode="numeric" error={errors.mapHeight?.message} {...register('mapHeight', { setValueAs: optionalNumber })} />
      </div>
      <p className="text-sm text-slate-700">{t('mapHint')}</p>
      <SubmitButton pending={isSubmitting} pendingLabel={t('saving')} inline>
        {venue ? t('save') : t('create')}
      </SubmitButton>
    </form>
  );
}
