'use client';

import { useTranslations } from 'next-intl';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { generateTicketCode, msUntilNextStep, STEP_SECONDS, timeStep } from '@/lib/ticket-code/code';

type Props = {
  ticketId: string;
  version: number;
  signingKey: string;
  eventTitle: string;
  /** What the gate staff read beside the code: ticket type and seat, holder. */
  details: string[];
  onClose: () => void;
};

type Drawn = { step: number; payload: string; image: string };

/**
 * The rotating entry code, full screen at once: a modal <dialog> covering the viewport (focus stays in
 * it, Escape or the buttons close it), with the code as large as the screen allows and never below the
 * fold. Signed on the device with the ticket's signing key (works offline) and redrawn at every
 * 15-second step, with the time left shown as a bar. Loaded on use (ticket-card.tsx), with the QR drawer.
 */
export function TicketCodeDialog({ ticketId, version, signingKey, eventTitle, details, onClose }: Props) {
  const t = useTranslations('ticketCode');
  const tickets = useTranslations('tickets');
  const close = t('close');
  const ref = useModalDialog(true, { returnFocus: true });
  const titleId = useId();
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [left, setLeft] = useState(STEP_SECONDS * 1000);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const draw = async () => {
      const now = Date.now();
      const payload = await generateTicketCode({ ticketId, version, signingKey }, now);
      const image = await QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 480, color: { dark: '#0f172a', light: '#ffffff' } });
      if (cancelled) return;
      setDrawn({ step: timeStep(now), payload, image });
      timer = setTimeout(draw, msUntilNextStep(Date.now()) + 20);
    };
    void draw();
    const ticker = setInterval(() => setLeft(msUntilNextStep(Date.now())), 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      clearInterval(ticker);
    };
  }, [ticketId, version, signingKey]);

  // Keep the screen on while the code is shown, where the browser allows it.
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let lock: { release: () => Promise<void> } | null = null;
    let done = false;
    (navigator as Navigator & { wakeLock: { request: (t: 'screen') => Promise<{ release: () => Promise<void> }> } }).wakeLock
      .request('screen')
      .then((l) => {
        lock = l;
        if (done) void l.release().catch(() => {});
      })
      .catch(() => {});
    return () => {
      done = true;
      void lock?.release().catch(() => {});
    };
  }, []);

  const seconds = Math.ceil(left / 1000);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="ticket-code-dialog"
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 text-slate-900 backdrop:bg-slate-900"
    >
      <div className="mx-auto flex h-full max-w-xl flex-col gap-3 px-4 pt-3 pb-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="truncate text-lg font-bold">
              {eventTitle}
            </h2>
            {details.map((line) => (
              <p key={line} className="truncate text-sm text-slate-700">
                {line}
              </p>
            ))}
          </div>
          <button type="button" onClick={onClose} className="shrink-0 rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100" aria-label={close}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        <p className="rounded-lg bg-amber-100 px-3 py-2 text-center text-sm font-medium text-amber-950">
          <span aria-hidden="true">☀ </span>
          {t('brightness')}
        </p>
        <div className="flex min-h-0 flex-1 items-center justify-center">
          {drawn ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the device
            <img
              src={drawn.image}
              alt={t('label', { event: eventTitle })}
              data-testid="ticket-qr"
              data-step={drawn.step}
              data-payload={drawn.payload}
              className="aspect-square max-h-full w-auto max-w-full bg-white object-contain [image-rendering:pixelated]"
              style={{ height: 'min(100%, calc(100vw - 2rem))' }}
            />
          ) : (
            <div className="aspect-square h-full max-w-full animate-pulse rounded bg-slate-100" aria-hidden="true" />
          )}
        </div>
        <div className="w-full space-y-1">
          <div
            role="progressbar"
            aria-label={t('progress')}
            aria-valuemin={0}
            aria-valuemax={STEP_SECONDS}
            aria-valuenow={seconds}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-emerald-700 transition-[width] duration-200 ease-linear" style={{ width: `${(left / (STEP_SECONDS * 1000)) * 100}%` }} />
          </div>
          <p className="text-center text-sm text-slate-700" aria-live="off">
            {t('refreshIn', { seconds })}
          </p>
        </div>
        <p className="text-center text-xs text-slate-700">{t('noScreenshots')}</p>
        <button type="button" onClick={onClose} className="w-full rounded-lg border border-slate-300 px-4 py-3 font-medium hover:bg-slate-50">
          {tickets('hideCode')}
        </button>
      </div>
    </dialog>
  );
}

export default TicketCodeDialog;
