import { getTranslations } from 'next-intl/server';
import { OutlineShapes } from '@/components/seats/outline';
import type { MapOutlineShape } from '@/lib/seats/layout';
import type { VenueDetailAnswer } from '@/lib/schemas/organiser-venues';
import type { Locale } from '@/lib/i18n/routing';

/** The venue's layout drawn as it stands: the outline, each section's seats and its code. A picture (role img) with what it shows in words. */
export async function LayoutPreview({ venue, locale }: { venue: VenueDetailAnswer; locale: Locale }) {
  const t = await getTranslations('organiser.venues');
  const { layout } = venue;
  const seats = layout.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0);
  if (!layout.sections.length && !layout.outline.length) return <p className="text-slate-700">{t('previewEmpty')}</p>;
  const outline = (layout.outline as unknown as (MapOutlineShape & { label?: { sk: string; cs: string; en: string } })[]).map(({ label, ...shape }) =>
    label ? { ...shape, label: label[locale] } : shape,
  ) as MapOutlineShape[];
  return (
    <svg
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={t('previewLabel', { name: venue.name, sections: layout.sections.length, seats })}
      className="block h-auto max-h-[60vh] w-full rounded-xl border border-slate-300 bg-slate-50"
      data-testid="layout-preview"
    >
      <OutlineShapes shapes={outline} />
      {layout.sections.map((section) => (
        <g key={section.code}>
          {section.rows.flatMap((row) => row.seats.map((seat) => <circle key={`${row.label}/${seat.label}`} cx={seat.x} cy={seat.y} r={4} fill="#1d4ed8" />))}
          {section.labelX != null && section.labelY != null && (
            <text x={section.labelX} y={section.labelY} textAnchor="middle" dominantBaseline="middle" fontSize={14} fontWeight={700} fill="#0f172a">
              {section.kind === 'standing' ? `${section.code} (${section.capacity ?? 0})` : section.code}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
