/** Spec §9: tooltips open after 700 ms; moving between them within 300 ms skips the delay. */
export const TOOLTIP_SETTINGS = { delayDuration: 700, skipDelayDuration: 300 } as const;
