// Types of scripts/event-changes.mjs.
export function onEventChanged(listener: (eventId: string | null) => void): () => void;
export function announceEventChanged(eventId: string | null): void;
export function eventDataVersion(): number;
export function onAvailabilityChanged(listener: (eventId: string) => void): () => void;
export function announceAvailabilityChanged(eventId: string): void;
