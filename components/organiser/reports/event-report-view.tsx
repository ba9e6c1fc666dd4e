import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import type { Locale } from '@/lib/i18n/routing';
import type { EventReport } from '@/lib/schemas/reports';
import { ReportChart } from './report-chart';
import { formatDate, formatNumber } from '@/lib/i18n/formats';
import { ScrollRegion } from '@/components/ui/scroll-region';

// The event report's screen (server-rendered): key figures, tickets per category, sales over time,
// money, codes, resale and attendance. Every chart carries its figures as a table (ReportChart).

const COLORS = { single: '#047857', season: '#b45309', sales: '#0369a1' };

const th = 'px-3 py-2 text-left font-semibold text-slate-900';
const thNum = 'px-3 py-2 text-right font-semibold text-slate-900';
const td = 'px-3 py-2 text-slate-800';
const tdNum = 'px-3 py-2 text-right tabular-nums text-slate-800';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A table's box: a narrow phone scrolls it sideways, by keyboard too (a focusable region named like the table). */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollRegion label={label} className="rounded-xl border border-slate-200 bg-white">
      {children}
    </ScrollRegion>
  );
}

function Table({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-300">{head}</thead>
      <tbody className="divide-y divide-slate-200">{children}</tbody>
    </table>
  );
}

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
  const [t, locale] = await Promise.all([getTranslations('report'), getLocale() as Promise<Locale>]);
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
    <Table
      caption={caption}
      head={
        <tr>
          <th scope="col" className={th}>
            {firstLabel}
          </th>
          <th scope="col" className={thNum}>
            {t('sales.tickets')}
          </th>
          <th scope="col" className={thNum}>
            {t('sales.orders')}
          </th>
        </tr>
      }
    >
      {buckets.map((b) => (
        <tr key={b.at}>
          <th scope="row" className={`${td} font-normal text-left`}>
            <time dateTime={b.at}>{label(b.at)}</time>
          </th>
          <td className={tdNum}>{n(b.tickets)}</td>
          <td className={tdNum}>{n(b.orders)}</td>
        </tr>
      ))}
    </Table>
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

      <Section id="report-tickets" title={t('tickets.title')}>
        <Scroller label={t('tickets.title')}>
          <Table
            caption={t('tickets.title')}
            head={
              <tr>
                <th scope="col" className={th}>
                  {t('tickets.category')}
                </th>
                <th scope="col" className={thNum}>
                  {t('tickets.single')}
                </th>
                <th scope="col" className={thNum}>
                  {t('tickets.season')}
                </th>
                <th scope="col" className={thNum}>
                  {t('tickets.sold')}
                </th>
                <th scope="col" className={thNum}>
                  {t('tickets.capacity')}
                </th>
              </tr>
            }
          >
            {tickets.categories.map((c) => (
              <tr key={c.id}>
                <th scope="row" className={`${td} min-w-36 font-normal text-left`}>
                  {c.name[locale] || c.name.sk}
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
          </Table>
        </Scroller>
      </Section>

      <Section id="report-sales" title={t('sales.title')}>
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
      </Section>

      <Section id="report-money" title={t('revenue.title')}>
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
      </Section>

      <Section id="report-codes" title={t('codes.title')}>
        <div className="grid gap-4 lg:grid-cols-2">
          {codes.coupons.length ? (
            <Scroller label={t('codes.coupons')}>
              <Table
                caption={t('codes.coupons')}
                head={
                  <tr>
                    <th scope="col" className={th}>
                      {t('codes.coupon')}
                    </th>
                    <th scope="col" className={thNum}>
                      {t('codes.uses')}
                    </th>
                    <th scope="col" className={thNum}>
                      {t('codes.discount')}
                    </th>
                  </tr>
                }
              >
                {codes.coupons.map((c) => (
                  <tr key={c.code}>
                    <th scope="row" className={`${td} font-mono font-normal text-left`}>
                      {c.code}
                    </th>
                    <td className={tdNum}>{n(c.uses)}</td>
                    <td className={tdNum}>{money(c.discount)}</td>
                  </tr>
                ))}
              </Table>
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
      </Section>

      <Section id="report-resale" title={t('resale.title')}>
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
      </Section>

      <Section id="report-attendance" title={t('attendance.title')}>
        <Scroller label={t('attendance.vsSold')}>
          <Table
            caption={t('attendance.vsSold')}
            head={
              <tr>
                <td className={th} />
                <th scope="col" className={thNum}>
                  {t('attendance.sold')}
                </th>
                <th scope="col" className={thNum}>
                  {t('attendance.checkedIn')}
                </th>
                <th scope="col" className={thNum}>
                  {t('attendance.noShows')}
                </th>
              </tr>
            }
          >
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
          </Table>
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
                <Table
                  caption={t('attendance.chart')}
                  head={
                    <tr>
                      <th scope="col" className={th}>
                        {t('sales.time')}
                      </th>
                      <th scope="col" className={thNum}>
                        {t('attendance.single')}
                      </th>
                      <th scope="col" className={thNum}>
                        {t('attendance.season')}
                      </th>
                    </tr>
                  }
                >
                  {attendance.buckets.map((b) => (
                    <tr key={b.at}>
                      <th scope="row" className={`${td} font-normal text-left`}>
                        <time dateTime={b.at}>{time(b.at)}</time>
                      </th>
                      <td className={tdNum}>{n(b.single)}</td>
                      <td className={tdNum}>{n(b.season)}</td>
                    </tr>
                  ))}
                </Table>
              </ReportChart>
            </div>
            <Scroller label={t('attendance.gates')}>
              <Table
                caption={t('attendance.gates')}
                head={
                  <tr>
                    <th scope="col" className={th}>
                      {t('attendance.gate')}
                    </th>
                    <th scope="col" className={thNum}>
                      {t('attendance.admitted')}
                    </th>
                  </tr>
                }
              >
                {attendance.gates.map((g) => (
                  <tr key={g.gate ?? ''}>
                    <th scope="row" className={`${td} font-normal text-left`}>
                      {gateName(g.gate)}
                    </th>
                    <td className={tdNum}>{n(g.admitted)}</td>
                  </tr>
                ))}
              </Table>
            </Scroller>
          </div>
        )}
      </Section>
    </div>
  );
}
