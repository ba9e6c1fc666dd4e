'use client';

// A gate device's setup, kept on the device: the gate it stands at ("Brána B") and the events it serves.
// Set up once by whoever holds it and changed there; every scan from it (online, and queued offline) names
// the gate, which the live view and the report count the entries by. In localStorage: a few words, read
// before the first scan, and kept when the scanner signs out (the phone stays at its gate).

const KEY = 'tribuna.gate-device';

export type GateDevice = { gate: string; eventIds: string[] };

export function loadGateDevice(): GateDevice | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<GateDevice> | null;
    if (!saved || typeof saved.gate !== 'string' || !Array.isArray(saved.eventIds)) return null;
    return { gate: saved.gate, eventIds: saved.eventIds.filter((id): id is string => typeof id === 'string') };
  } catch {
    return null;
  }
}

export function saveGateDevice(device: GateDevice): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(device));
  } catch {
    // Private mode without storage: the setup holds for this page only.
  }
}

/** The events a device shows: those it was set up for that the scanner may still scan at, else all of them. */
export function deviceEvents<E extends { id: string }>(events: E[], device: GateDevice | null): E[] {
  const served = device ? events.filter((e) => device.eventIds.includes(e.id)) : [];
  return served.length ? served : events;
}
