'use client';

import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps a native <dialog> shown as a modal exactly while `open` is true (showModal() makes the rest of
 * the page inert and traps focus). `focus` is where focus starts instead of the first control;
 * `returnFocus` gives focus back to what had it before the dialog opened.
 */
export function useModalDialog(open: boolean, { focus, returnFocus = false }: { focus?: RefObject<HTMLElement | null>; returnFocus?: boolean } = {}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      focus?.current?.focus();
      if (returnFocus) return () => opener?.focus?.();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, focus, returnFocus]);
  return ref;
}
