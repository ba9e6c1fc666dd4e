import { textIn } from '@/lib/localized-text';
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import type { Locale } from '@/lib/i18n/routing';
import type { EventReport } from '@/lib/schemas/reports';
import { ReportChart } from './report-chart';
import { formatDate, formatNumber } from '@/lib/i18n/formats';
import { TitledSection } from '@/components/ui/titled-section';
import { ReportTable, Scroller, td, tdNum } from './report-table';

// The event report's screen (server-rendered): key figures, tickets per category, sales over time,
// money, codes, resale and attendance. Every chart carries its figures as a table (ReportChart).

const COLORS = { single: '#047857', season: '#b45309', sales: '#0369a1' };

/** Label → value rows (money, counts) as a two-column table. */
function Figures({ caption, rows }: { caption: string; rows: [string, string, boolean?][] }) {
  return (
    <Scroller label={caption}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <tbody className="divide-y divide-slate-200">
          {rows.map(([label, value, strong]) => (
            <tr key={label}>
              <th scope="row" className={`px-3 py-2 text-left ${strong ? 'font-semibold text-slate-900' : 'font-normal text-slate-800'}`}>
                {label}
              </th>
              <td className={`${tdNum} ${strong ? 'font-semibold text-slate-900' : ''}`}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

/** `actions`: links beside the report's title (the event's exports go there). */
export async function EventReportView({ report, actions }: { report: EventReport; actions?: ReactNode }) {
  const [t, locale, tp] = await Promise.all([getTranslations('report'), getLocale() as Promise<Locale>, getTranslations('refunds.report')]);
  const money = (amount: number) => formatMoney({ amount, currency: report.event.currency }, locale);
  /** A deduction: shown with its minus, nothing as a plain zero. */
  const minus = (amount: number) => money(amount ? -amount : 0);
  const n = (value: number) => formatNumber(value, locale);
  const time = (iso: string) => formatDate(new Date(iso), locale, { hour: '2-digit', minute: '2-digit' });
  const dateTime = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const day = (iso: string) => formatDate(new Date(iso), locale, { weekday: 'short', day: 'numeric', month: 'numeric' });
  const percent = (part: number, whole: number) => (whole ? formatNumber(part / whole, locale, { style: 'percent', maximumFractionDigits: 0 }) : '–');
  const { tickets, sales, revenue, codes, resale, attendance } = report;
  const gateName = (gate: string | null) => gate ?? t('attendance.unnamedGate');
  const salesSeries = (buckets: { tickets: number }[]) => [{ label: t('sales.tickets'), values: buckets.map((b) => b.tickets), color: COLORS.sales }];

  const salesTable = (caption: string, buckets: { at: string; tickets: number; orders: number }[], label: (at: string) => string, firstLabel: string) => (
    <ReportTable caption={caption} columns={[firstLabel, t('sales.tickets'), t('sales.orders')]}>
      {buckets.map((b) => (
        <tr key={b.at}>
          <th scope="row" className={`${td} font-normal text-left`}>
            <time dateTime={b.at}>{label(b.at)}</time>
          </th>
          <td className={tdNum}>{n(b.tickets)}</td>
          <td className={tdNum}>{n(b.orders)}</td>
        </tr>
      ))}
    </ReportTable>
  );

  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">{t('title')}</h2>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700">{t('generatedAt', { time: dateTime(report.generatedAt) })}</p>
          {actions}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[
          [t('summary.sold'), t('summary.ofCapacity', { part: n(tickets.total.sold.total), whole: n(tickets.total.capacity) })],
          [t('summary.net'), money(revenue.net)],
          [t('summary.checkedIn'), t('summary.ofSold', { part: n(attendance.checkedIn.total), whole: n(attendance.sold.total) })],
          [t('summary.resold'), n(resale.sold)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <TitledSection id="report-tickets" title={t('tickets.title')} className="space-y-3">
        <Scroller label={t('tickets.title')}>
          <ReportTable caption={t('tickets.title')} columns={[t('tickets.category'), t('tickets.single'), t('tickets.season'), t('tickets.sold'), t('tickets.capacity')]}>
            {tickets.categories.map((c) => (
              <tr key={c.id}>
                <th scope="row" className={`${td} min-w-36 font-normal text-left`}>
                  {textIn(c.name, locale)}
                  <span className="block text-xs text-slate-700">{money(c.priceAmount)}</span>
                </th>
                <td className={tdNum}>{n(c.sold.single)}</td>
                <td className={tdNum}>{n(c.sold.season)}</td>
                <td className={tdNum}>
                  {n(c.sold.total)} <span className="text-xs text-slate-700">({percent(c.sold.total, c.capacity)})</span>
                </td>
                <td className={tdNum}>{n(c.capacity)}</td>
              </tr>
            ))}
            <tr className="border-t-2 border-slate-300 font-semibold">
              <th scope="row" className={`${td} text-left font-semibold`}>
                {t('tickets.total')}
              </th>
              <td className={tdNum}>{n(tickets.total.sold.single)}</td>
              <td className={tdNum}>{n(tickets.total.sold.season)}</td>
              <td className={tdNum}>
                {n(tickets.total.sold.total)} <span className="text-xs text-slate-700">({percent(tickets.total.sold.total, tickets.total.capacity)})</span>
              </td>
              <td className={tdNum}>{n(tickets.total.capacity)}</td>
            </tr>
          </ReportTable>
        </Scroller>
      </TitledSection>

      <TitledSection id="report-sales" title={t('sales.title')} className="space-y-3">
        {!sales.startedAt ? (
          <p className="text-slate-700">{t('sales.none')}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            <ReportChart
              title={t('sales.firstHour')}
              stepLabel={t('sales.firstHourStep', { time: dateTime(sales.startedAt) })}
              toggleLabel={t('showAsTable')}
              kind="bars"
              axis="time"
              xs={sales.firstHour.map((b) => Date.parse(b.at))}
              series={salesSeries(sales.firstHour)}
            >
              {salesTable(t('sales.firstHour'), sales.firstHour, time, t('sales.time'))}
            </ReportChart>
            <ReportChart
              title={t('sales.firstDay')}
              stepLabel={t('sales.firstDayStep')}
              toggleLabel={t('showAsTable')}
              kind="bars"
              axis="time"
              xs={sales.hourly.map((b) => Date.parse(b.at))}
              series={salesSeries(sales.hourly)}
            >
              {salesTable(t('sales.firstDay'), sales.hourly, (at) => `${day(at)} ${time(at)}`, t('sales.time'))}
            </ReportChart>
            {sales.daily.length > 0 && (
              <div className="lg:col-span-2">
                <ReportChart
                  title={t('sales.daily')}
                  stepLabel={t('sales.dailyStep')}
                  toggleLabel={t('showAsTable')}
                  kind="bars"
                  axis="day"
                  xs={sales.daily.map((b) => Date.parse(b.at))}
                  series={salesSeries(sales.daily)}
                >
                  {salesTable(t('sales.daily'), sales.daily, day, t('sales.day'))}
                </ReportChart>
              </div>
            )}
          </div>
        )}
      </TitledSection>

      <TitledSection id="report-money" title={t('revenue.title')} className="space-y-3">
        <p className="max-w-2xl text-slate-700">{t('revenue.intro', { currency: report.event.currency })}</p>
        <Figures
          caption={t('revenue.title')}
          rows={[
            [t('revenue.orders'), n(revenue.orders)],
            [t('revenue.gross'), money(revenue.gross)],
            [t('revenue.discounts'), minus(revenue.discounts)],
            [t('revenue.credits'), minus(revenue.credits)],
            [t('revenue.serviceFees'), money(revenue.serviceFees)],
            [t('revenue.collected'), money(revenue.collected)],
            [t('revenue.refunds', { count: revenue.refundedOrders }), minus(revenue.refunds)],
            [t('revenue.net'), money(revenue.net), true],
            [t('revenue.collectedNet'), money(revenue.collectedNet)],
          ]}
        />
      </TitledSection>

      <TitledSection id="report-codes" title={t('codes.title')} className="space-y-3">
        <div className="grid gap-4 lg:grid-cols-2">
          {codes.coupons.length ? (
            <Scroller label={t('codes.coupons')}>
              <ReportTable caption={t('codes.coupons')} columns={[t('codes.coupon'), t('codes.uses'), t('codes.discount')]}>
                {codes.coupons.map((c) => (
                  <tr key={c.code}>
                    <th scope="row" className={`${td} font-mono font-normal text-left`}>
                      {c.code}
                    </th>
                    <td className={tdNum}>{n(c.uses)}</td>
                    <td className={tdNum}>{money(c.discount)}</td>
                  </tr>
                ))}
              </ReportTable>
            </Scroller>
          ) : (
            <p className="text-slate-700">{t('codes.noCoupons')}</p>
          )}
          <Figures
            caption={t('codes.redeem')}
            rows={[
              [t('codes.issued'), n(codes.redeem.issued)],
              [t('codes.used'), n(codes.redeem.used)],
              [t('codes.deactivated'), n(codes.redeem.deactivated)],
              [t('codes.redeemTickets'), n(codes.redeem.tickets)],
            ]}
          />
        </div>
      </TitledSection>

      <TitledSection id="report-resale" title={t('resale.title')} className="space-y-3">
        <Figures
          caption={t('resale.title')}
          rows={[
            [t('resale.active'), n(resale.listings.active)],
            [t('resale.withdrawn'), n(resale.listings.withdrawn)],
            [t('resale.sold'), n(resale.sold), true],
            [t('resale.volume'), money(resale.volume)],
            [t('resale.buyerFees'), money(resale.buyerFees)],
            [t('resale.sellerFees'), money(resale.sellerFees)],
            [t('resale.organiserShare'), money(resale.organiserShare)],
          ]}
        />
      </TitledSection>

      {report.postponement && (
        <TitledSection id="report-postponement" title={tp('title')} className="space-y-3">
          <p className="text-slate-700">
            {tp('summary', { from: dateTime(report.postponement.postponedFrom), to: dateTime(report.postponement.startsAt), deadline: dateTime(report.postponement.refundDeadline) })}
          </p>
          <Figures
            caption={tp('title')}
            rows={[
              [tp('kept'), n(report.postponement.kept)],
              [tp('refunded'), n(report.postponement.refunded)],
            ]}
          />
        </TitledSection>
      )}

      <TitledSection id="report-attendance" title={t('attendance.title')} className="space-y-3">
        <Scroller label={t('attendance.vsSold')}>
          <ReportTable caption={t('attendance.vsSold')} columns={[null, t('attendance.sold'), t('attendance.checkedIn'), t('attendance.noShows')]}>
            {(['single', 'season', 'total'] as const).map((kind) => (
              <tr key={kind} className={kind === 'total' ? 'font-semibold' : undefined}>
                <th scope="row" className={`${td} text-left ${kind === 'total' ? 'font-semibold' : 'font-normal'}`}>
                  {t(`attendance.${kind}`)}
                </th>
                <td className={tdNum}>{n(attendance.sold[kind])}</td>
                <td className={tdNum} data-testid={`checked-in-${kind}`}>
                  {n(attendance.checkedIn[kind])} <span className="text-xs text-slate-700">({percent(attendance.checkedIn[kind], attendance.sold[kind])})</span>
                </td>
                <td className={tdNum}>{attendance.noShows ? n(attendance.noShows[kind]) : '–'}</td>
              </tr>
            ))}
          </ReportTable>
        </Scroller>
        {!attendance.noShows && <p className="text-sm text-slate-700">{t('attendance.noShowsLater')}</p>}
        {attendance.buckets.length === 0 ? (
          <p className="text-slate-700">{t('attendance.none')}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <ReportChart
                title={t('attendance.chart')}
                stepLabel={t('attendance.step', { time: dateTime(report.event.doorsAt) })}
                toggleLabel={t('showAsTable')}
                kind="lines"
                axis="time"
                xs={attendance.buckets.map((b) => Date.parse(b.at))}
                series={[
                  { label: t('attendance.single'), values: attendance.buckets.map((b) => b.single), color: COLORS.single },
                  { label: t('attendance.season'), values: attendance.buckets.map((b) => b.season), color: COLORS.season },
                ]}
              >
                <ReportTable caption={t('attendance.chart')} columns={[t('sales.time'), t('attendance.single'), t('attendance.season')]}>
                  {attendance.buckets.map((b) => (
                    <tr key={b.at}>
                      <th scope="row" className={`${td} font-normal text-left`}>
                        <time dateTime={b.at}>{time(b.at)}</time>
                      </th>
                      <td className={tdNum}>{n(b.single)}</td>
                      <td className={tdNum}>{n(b.season)}</td>
                    </tr>
                  ))}
                </ReportTable>
              </ReportChart>
            </div>
            <Scroller label={t('attendance.gates')}>
              <ReportTable caption={t('attendance.gates')} columns={[t('attendance.gate'), t('attendance.admitted')]}>
                {/* The tickets checked in, by the gate of their entry: the rows sum to the attendance (reports/attendance.ts). */}
                {attendance.gates.map((g) => (
                  <tr key={g.gate ?? ''} data-testid="report-gate" data-gate={g.gate ?? ''} data-admitted={g.admitted}>
                    <th scope="row" className={`${td} font-normal text-left`}>
                      {gateName(g.gate)}
                    </th>
                    <td className={tdNum}>{n(g.admitted)}</td>
                  </tr>
                ))}
                <tr className="font-semibold" data-testid="report-gates-total" data-admitted={attendance.checkedIn.total}>
                  <th scope="row" className={`${td} text-left font-semibold`}>
                    {t('attendance.total')}
                  </th>
                  <td className={tdNum}>{n(attendance.checkedIn.total)}</td>
                </tr>
              </ReportTable>
            </Scroller>
          </div>
        )}
      </TitledSection>
    </div>
  );
}
