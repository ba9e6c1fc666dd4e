'use client';

import { toast, type ToasterProps } from 'sonner';

/** Spec §9: at most 5 toasts, 5000 ms, bottom-right, gap 16 px, hotkey F8. */
export const TOAST_SETTINGS = {
  visibleToasts: 5,
  duration: 5000,
  position: 'bottom-right',
  gap: 16,
  hotkey: ['F8'],
  closeButton: true,
  richColors: true,
  swipeDirections: ['right', 'bottom'],
} satisfies ToasterProps;

/** `action`: one button in the toast (e.g. 'Sign in' on the 'Sign in required' toast). */
type ToastInput = { title: string; description?: string; id?: string; action?: { label: string; onClick: () => void } };

/** The one way to show a toast: a title and an optional description. */
export const notify = {
  error: ({ title, description, id, action }: ToastInput) => toast.error(title, { description, id, action }),
  success: ({ title, description, id }: ToastInput) => toast.success(title, { description, id }),
  info: ({ title, description, id, action }: ToastInput) => toast(title, { description, id, action }),
  dismiss: (id?: string) => toast.dismiss(id),
};
