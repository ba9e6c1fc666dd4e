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

type ToastInput = { title: string; description?: string; id?: string };

/** The one way to show a toast: a title and an optional description. */
export const notify = {
  error: ({ title, description, id }: ToastInput) => toast.error(title, { description, id }),
  success: ({ title, description, id }: ToastInput) => toast.success(title, { description, id }),
  info: ({ title, description, id }: ToastInput) => toast(title, { description, id }),
  dismiss: (id?: string) => toast.dismiss(id),
};
