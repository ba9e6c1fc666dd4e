'use client';

import { useEffect, useRef, useState } from 'react';

/** mm:ss of a number of seconds. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Seconds left of a reservation, ticking every second. It counts from the server's `timeLeft` at the
 * moment the cart arrived (not from `expiresAt`), so a wrong clock on the fan's device does not matter.
 * `onExpire` runs once when it reaches zero.
 */
export function useCountdown(timeLeft: number, receivedAt: number, onExpire: () => void): number {
  const deadline = receivedAt + timeLeft * 1000;
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  const expireRef = useRef(onExpire);
  expireRef.current = onExpire;
  useEffect(() => {
    if (timeLeft <= 0) {
      setLeft(0);
      return;
    }
    let fired = false;
    const tick = () => {
      const next = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(next);
      if (next === 0 && !fired) {
        fired = true;
        expireRef.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, timeLeft]);
  return left;
}
