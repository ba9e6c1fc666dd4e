'use client';

import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from '@/components/ui/use-modal-dialog';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  pendingLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A modal confirmation: Escape closes it, focus starts on Cancel (the safe choice) and returns to the button that opened it. */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, pending, pendingLabel, onConfirm, onCancel }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(open, { focus: cancelRef, returnFocus: true });
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: close through our state so React and the element agree.
        event.preventDefault();
        if (!pending) onCancel();
      }}
      onClose={() => open && onCancel()}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="text-slate-700">
          {children}
        </div>
        <div className="flex justify-end gap-3 pt-2">
          <button ref={cancelRef} type="button" onClick={onCancel} disabled={pending} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50">
            {cancelLabel}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
            className="rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-600 disabled:opacity-70"
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
