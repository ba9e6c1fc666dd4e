'use client';

import { useTranslations } from 'next-intl';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { generateTicketCode, msUntilNextStep, STEP_SECONDS, timeStep } from '@/lib/ticket-code/code';
import { Modal } from './modal';

type Props = { ticketId: string; version: number; signingKey: string; eventTitle: string };

type Drawn = { step: number; payload: string; image: string };

/**
 * The rotating entry code, signed on the device with the ticket's signing key (works offline) and
 * redrawn at every 15-second step, with the time left shown as a bar.
 */
export function TicketCode({ ticketId, version, signingKey, eventTitle }: Props) {
  const t = useTranslations('ticketCode');
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [left, setLeft] = useState(STEP_SECONDS * 1000);
  const [full, setFull] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const draw = async () => {
      const now = Date.now();
      const payload = await generateTicketCode({ ticketId, version, signingKey }, now);
      const image = await QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 1, width: 480, color: { dark: '#0f172a', light: '#ffffff' } });
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

  // Keep the screen on while the full-screen code is shown, where the browser allows it.
  useEffect(() => {
    if (!full || !('wakeLock' in navigator)) return;
    let lock: { release: () => Promise<void> } | null = null;
    (navigator as Navigator & { wakeLock: { request: (t: 'screen') => Promise<{ release: () => Promise<void> }> } }).wakeLock
      .request('screen')
      .then((l) => (lock = l))
      .catch(() => {});
    return () => void lock?.release().catch(() => {});
  }, [full]);

  const seconds = Math.ceil(left / 1000);
  const progress = (
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
      <p className="text-center text-sm text-slate-600" aria-live="off">
        {t('refreshIn', { seconds })}
      </p>
    </div>
  );

  const image = (size: string) =>
    drawn ? (
      // eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the device
      <img src={drawn.image} alt={t('label', { event: eventTitle })} data-testid="ticket-qr" data-step={drawn.step} data-payload={drawn.payload} className={`${size} aspect-square bg-white`} />
    ) : (
      <div className={`${size} aspect-square animate-pulse rounded bg-slate-100`} aria-hidden="true" />
    );

  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
      {image('w-56')}
      {progress}
      <p className="text-center text-xs text-slate-600">{t('noScreenshots')}</p>
      <button type="button" onClick={() => setFull(true)} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">
        {t('fullScreen')}
      </button>
      <Modal open={full} onClose={() => setFull(false)} title={eventTitle} wide>
        <div className="flex flex-col items-center gap-4">
          <p className="rounded-lg bg-amber-100 px-3 py-2 text-center text-sm font-medium text-amber-900">
            <span aria-hidden="true">☀ </span>
            {t('brightness')}
          </p>
          {image('w-full max-w-md')}
          {progress}
        </div>
      </Modal>
    </div>
  );
}
