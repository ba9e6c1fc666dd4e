'use client';

import jsQR from 'jsqr';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { OfflineSupport, useOnline } from '@/components/tickets/offline-support';
import { checkOffline, loadGate, saveGate } from './offline-gate';
import { deviceEvents, loadGateDevice, saveGateDevice, type GateDevice } from './gate-device';
import { GateDeviceForm } from './gate-device-form';
import { ScanResult } from './scan-result';
import type { GateDataset, GateState, ScanAnswer, ScannerEvent } from './types';
import { dateTimeFormat } from '@/lib/i18n/formats';
import { textIn } from '@/lib/localized-text';
import type { Locale } from '@/lib/i18n/locales';

/** The same code read again within this time is the same person still in front of the camera. */
const REPEAT_MS = 4000;

export function ScannerConsole({ events: allEvents }: { events: ScannerEvent[] }) {
  const t = useTranslations('scanner');
  const locale = useLocale();
  const online = useOnline();
  // The device's setup (gate-device.ts), read once the page runs in the browser: until then, no setup.
  const [device, setDevice] = useState<GateDevice | null>(null);
  const [deviceRead, setDeviceRead] = useState(false);
  const [editing, setEditing] = useState(false);
  const events = deviceEvents(allEvents, device);
  const [eventId, setEventId] = useState(events[0]?.id ?? '');
  const [answer, setAnswer] = useState<ScanAnswer | null>(null);
  const [pending, setPending] = useState(false);
  const [manual, setManual] = useState('');
  const [manualError, setManualError] = useState<string | null>(null);
  const [gate, setGate] = useState<GateState | null>(null);
  const [camera, setCamera] = useState<'off' | 'on' | 'unavailable'>('off');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const lastRef = useRef<{ data: string; at: number } | null>(null);
  const gateRef = useRef<GateState | null>(null);
  const manualId = useId();
  gateRef.current = gate;
  const gateName = device?.gate || undefined;

  useEffect(() => {
    const saved = loadGateDevice();
    setDevice(saved);
    setDeviceRead(true);
    const served = deviceEvents(allEvents, saved);
    setEventId((current) => (served.some((e) => e.id === current) ? current : (served[0]?.id ?? '')));
  }, [allEvents]);

  const saveDevice = (next: GateDevice) => {
    saveGateDevice(next);
    setDevice(next);
    setEditing(false);
    const served = deviceEvents(allEvents, next);
    if (!served.some((e) => e.id === eventId)) {
      setEventId(served[0]?.id ?? '');
      setAnswer(null);
    }
    notify.success({ title: t('device.saved', { gate: next.gate }) });
  };

  useEffect(() => {
    let cancelled = false;
    setGate(null);
    if (eventId) void loadGate(eventId).then((state) => !cancelled && setGate(state));
    return () => {
      cancelled = true;
    };
  }, [eventId]);

  const check = useCallback(
    async (payload: string) => {
      setPending(true);
      try {
        if (navigator.onLine) {
          const result = await api.post<ScanAnswer>('/api/v1/scan', { payload, eventId: eventId || undefined, gate: gateName }, { toast: [403, 422], retries: 0 });
          if (result.ok) {
            setAnswer(result.data);
            return;
          }
          if (result.status !== 0) {
            notify.error({ title: result.error.message });
            return;
          }
        }
        // No network: check on the device against the downloaded data.
        const state = gateRef.current;
        if (!state) {
          notify.error({ title: t('offline.noData') });
          return;
        }
        const { answer: offlineAnswer, state: next } = await checkOffline(state, payload, Date.now(), gateName);
        setAnswer(offlineAnswer);
        if (next !== state) {
          setGate(next);
          await saveGate(eventId, next);
        }
      } finally {
        setPending(false);
      }
    },
    [eventId, gateName, t],
  );

  // Camera: read frames into a canvas and look for a QR code a few times a second.
  useEffect(() => {
    if (camera !== 'on') return;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const tick = () => {
      if (stopped) return;
      const video = videoRef.current;
      if (video && context && video.readyState >= 2) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const image = context.getImageData(0, 0, canvas.width, canvas.height);
        const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
        const now = Date.now();
        if (found?.data && !(lastRef.current && lastRef.current.data === found.data && now - lastRef.current.at < REPEAT_MS)) {
          lastRef.current = { data: found.data, at: now };
          void check(found.data);
        }
      }
      setTimeout(tick, 200);
    };
    tick();
    return () => {
      stopped = true;
    };
  }, [camera, check]);

  const startCamera = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      streamRef.current = stream;
      setCamera('on');
      if (videoRef.current) {
        videoRef.current.srcObject = stream;
        await videoRef.current.play().catch(() => {});
      }
    } catch {
      setCamera('unavailable');
    }
  };
  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setCamera('off');
  }, []);
  useEffect(() => stopCamera, [stopCamera]);
  useEffect(() => {
    if (camera === 'on' && videoRef.current && streamRef.current && !videoRef.current.srcObject) {
      videoRef.current.srcObject = streamRef.current;
      void videoRef.current.play().catch(() => {});
    }
  }, [camera]);

  const submitManual = async (event: FormEvent) => {
    event.preventDefault();
    const payload = manual.trim();
    if (!payload) {
      setManualError(t('payloadRequired'));
      return;
    }
    setManualError(null);
    await check(payload);
    setManual('');
  };

  const download = async () => {
    const result = await api.get<GateDataset>(`/api/v1/scan/events/${eventId}/offline`);
    if (!result.ok) return;
    const next: GateState = { dataset: result.data, queue: gate?.queue ?? [] };
    setGate(next);
    await saveGate(eventId, next);
  };

  const sync = useCallback(async () => {
    const state = gateRef.current;
    if (!state || state.queue.length === 0 || !navigator.onLine) return;
    const result = await api.post<{ results: { ticketId: string; result: string }[] }>('/api/v1/scan/sync', { eventId: state.dataset.event.id, checkIns: state.queue });
    if (!result.ok) return;
    const conflicts = result.data.results.filter((r) => r.result === 'already_used').length;
    const refused = result.data.results.filter((r) => r.result === 'not_valid').length;
    const next = { ...state, queue: [] };
    setGate(next);
    await saveGate(state.dataset.event.id, next);
    if (conflicts) notify.error({ title: t('offline.conflicts', { count: conflicts }) });
    if (refused) notify.error({ title: t('offline.refused', { count: refused }) });
    if (!conflicts && !refused) notify.success({ title: t('offline.synced') });
  }, [t]);

  // Back online: replay the queued check-ins.
  useEffect(() => {
    if (online) void sync();
  }, [online, sync]);

  const time = (iso: string) => dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  const title = (e: ScannerEvent) => textIn(e.title, locale as Locale);
  const dateTime = (iso: string) =>
    dateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <OfflineSupport />
      <div className="space-y-5">
        {deviceRead && (!device || editing) ? (
          <GateDeviceForm events={allEvents} device={device} onSave={saveDevice} onCancel={device ? () => setEditing(false) : undefined} />
        ) : (
          device && (
            <section className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-slate-900 p-4 text-white" aria-labelledby={`${manualId}-device`} data-testid="gate-device">
              <div>
                <h2 id={`${manualId}-device`} className="text-sm font-medium text-slate-200">
                  {t('device.title')}
                </h2>
                <p className="text-2xl font-extrabold" data-testid="gate-device-name">
                  {device.gate}
                </p>
                <p className="text-sm text-slate-200">{t('device.summary', { count: events.length })}</p>
              </div>
              <button type="button" onClick={() => setEditing(true)} className="min-h-12 rounded-xl border-2 border-white px-4 font-semibold hover:bg-white hover:text-slate-900">
                {t('device.change')}
              </button>
            </section>
          )
        )}
        <div className="space-y-1">
          <label htmlFor={`${manualId}-event`} className="block text-sm font-medium">
            {t('chooseEvent')}
          </label>
          <select
            id={`${manualId}-event`}
            value={eventId}
            onChange={(e) => {
              setEventId(e.target.value);
              setAnswer(null);
            }}
            className="block min-h-12 w-full rounded-xl border-2 border-slate-700 bg-white px-3 text-base"
          >
            {events.map((e) => (
              <option key={e.id} value={e.id} data-slug={e.slug}>
                {title(e)} · {dateTime(e.startsAt)}
              </option>
            ))}
          </select>
        </div>

        <section className="space-y-2" aria-label={t('camera')}>
          <div className="flex flex-wrap gap-2">
            {camera === 'on' ? (
              <button type="button" onClick={stopCamera} className="min-h-14 w-full rounded-xl border-2 border-slate-700 px-5 text-lg font-semibold hover:bg-slate-50 sm:w-auto">
                {t('stopCamera')}
              </button>
            ) : (
              <button type="button" onClick={startCamera} className="min-h-14 w-full rounded-xl bg-slate-900 px-5 text-lg font-bold text-white hover:bg-slate-700 sm:w-auto">
                {t('startCamera')}
              </button>
            )}
          </div>
          {camera === 'unavailable' && (
            <p role="alert" className="text-sm text-red-700">
              {t('cameraUnavailable')}
            </p>
          )}
          {camera === 'on' && <video ref={videoRef} muted playsInline className="aspect-square w-full max-w-sm rounded-xl bg-black object-cover" aria-label={t('camera')} />}
        </section>

        <form onSubmit={submitManual} noValidate className="space-y-2">
          <label htmlFor={manualId} className="block text-sm font-medium">
            {t('manual')}
          </label>
          <div className="flex gap-2">
            <input
              id={manualId}
              value={manual}
              onChange={(e) => setManual(e.target.value)}
              placeholder={t('manualHint')}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={Boolean(manualError)}
              aria-describedby={manualError ? `${manualId}-error` : undefined}
              className="block min-h-14 w-full rounded-xl border-2 border-slate-700 bg-white px-3 font-mono text-base"
            />
            <button type="submit" disabled={pending} aria-busy={pending} className="min-h-14 rounded-xl bg-emerald-800 px-5 text-lg font-bold text-white hover:bg-emerald-700 disabled:opacity-60">
              {pending ? t('checking') : t('check')}
            </button>
          </div>
          {manualError && (
            <p id={`${manualId}-error`} role="alert" className="text-sm text-red-700">
              {manualError}
            </p>
          )}
        </form>

        <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${manualId}-offline`}>
          <h2 id={`${manualId}-offline`} className="font-semibold">
            {t('offline.title')}
          </h2>
          {!online && <p className="text-sm text-amber-900">{gate ? t('offline.usingOffline') : t('offline.noData')}</p>}
          <p className="text-sm text-slate-700">
            {gate ? t('offline.downloaded', { count: gate.dataset.tickets.length, time: time(gate.dataset.generatedAt) }) : t('offline.none')}
          </p>
          {gate && <p className="text-sm text-slate-700">{t('offline.pending', { count: gate.queue.length })}</p>}
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={download} disabled={!online || !eventId} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50">
              {t('offline.download')}
            </button>
            {gate && gate.queue.length > 0 && (
              <button type="button" onClick={() => void sync()} disabled={!online} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50">
                {t('offline.sync')}
              </button>
            )}
          </div>
        </section>
      </div>
      <div role="status" aria-live="assertive" aria-atomic="true">
        {answer && (
          <ScanResult
            answer={answer}
            onDismiss={() => {
              setAnswer(null);
              document.getElementById(manualId)?.focus();
            }}
          />
        )}
      </div>
    </div>
  );
}
