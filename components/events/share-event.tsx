'use client';

import { useEffect, useState } from 'react';

type Props = {
  /** The event page's path ("/sk/podujatia/…"); shared with this site's origin. */
  path: string;
  title: string;
  labels: { share: string; copied: string; copyFailed: string };
  className?: string;
};

/**
 * Shares an event: the phone's share sheet (Web Share API) where there is one, else the link is copied
 * to the clipboard and the button says so; where neither works, the link is shown to copy by hand.
 * Labels come from the caller, so a server page need not send a message namespace for it.
 */
export function ShareEvent({ path, title, labels, className }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The fan closed the sheet: nothing to do. Anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" onClick={share} className={className} data-testid="share-event">
        <span aria-hidden="true">↗ </span>
        {labels.share}
      </button>
      <span role="status" className="text-sm text-slate-700">
        {state === 'copied' && labels.copied}
        {state === 'failed' && (
          <>
            {labels.copyFailed} <span className="break-all font-mono select-all">{url}</span>
          </>
        )}
      </span>
    </span>
  );
}
