'use client';

import type { CSSProperties } from 'react';
import type { ToasterProps } from 'sonner';

/** Text of a success toast on sonner's success background (#ecfdf3): 5.7:1. */
export const SUCCESS_TEXT = '#00732a';
/** sonner's success background in the light theme, which the app uses. */
export const SUCCESS_BACKGROUND = '#ecfdf3';

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
  // sonner's rich success text (#008a2e) on its success background (#ecfdf3) is 4.26:1, under WCAG AA's
  // 4.5:1 (axe, serious): a darker green of the same hue, 5.7:1. Set on the toaster, it outranks the
  // theme's value of the same custom property in sonner's stylesheet.
  style: { '--success-text': SUCCESS_TEXT } as CSSProperties,
} satisfies ToasterProps;

/**
 * Phones (issue 17 item 9): toasts never cover the pay button, the basket bar or the bottom tabs, so they
 * come in at the top centre, just below the sticky header (56 px), and swipe away upwards.
 */
export const PHONE_TOAST_SETTINGS = {
  position: 'top-center',
  offset: { top: 64 },
  mobileOffset: { top: 64 },
  swipeDirections: ['top'],
} satisfies ToasterProps;

/** `action`: one button in the toast (e.g. 'Sign in' on the 'Sign in required' toast). */
type ToastInput = { title: string; description?: string; id?: string; action?: { label: string; onClick: () => void } };

// Toasts are no part of a first paint: sonner loads on the first toast (or once the page is idle,
// components/layout/providers.tsx), and its Toaster, mounted then, shows the toasts made before it.
let wanted = false;
const wantListeners = new Set<() => void>();

/** Calls `listener` once a toast is asked for (at once if one already was). */
export function onToastWanted(listener: () => void): () => void {
  if (wanted) listener();
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

function sonner() {
  if (!wanted) {
    wanted = true;
    for (const listener of [...wantListeners]) listener();
  }
  // Through the deferred chunk (which holds sonner with its Toaster), never a chunk of sonner's own: that
  // chunk is the one every page loads once idle and Your tickets' offline copy keeps, so a toast shown
  // offline (the scanner's gate, Your tickets) needs no network.
  return import('@/components/layout/deferred');
}

/** The one way to show a toast: a title and an optional description. */
export const notify = {
  error: ({ title, description, id, action }: ToastInput) => void sonner().then(({ toast }) => toast.error(title, { description, id, action })),
  success: ({ title, description, id }: ToastInput) => void sonner().then(({ toast }) => toast.success(title, { description, id })),
  info: ({ title, description, id, action }: ToastInput) => void sonner().then(({ toast }) => toast(title, { description, id, action })),
  dismiss: (id?: string) => void sonner().then(({ toast }) => toast.dismiss(id)),
};
