'use client';

import { useEffect } from 'react';
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/client/chunk-reload';

export function ChunkReloadGuard() {
  useEffect(() => {
    const handle = (error: unknown) => {
      if (isChunkLoadError(error)) reloadAfterChunkError(window.sessionStorage, () => window.location.reload());
    };
    const onError = (event: ErrorEvent) => handle(event.error ?? { message: event.message });
    const onRejection = (event: PromiseRejectionEvent) => handle(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
