'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

type Edges = { start: boolean; end: boolean };

/**
 * A box for a table that may be wider than the screen. It scrolls sideways and shows that it does: a
 * fade on each edge that has more content behind it. It is a focusable region named like the table
 * (`label` or `labelledBy`), so a keyboard can scroll it too; `data-overflow` says whether it overflows.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className = '',
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      // scrollLeft is negative in a right-to-left box; the app is left-to-right, Math.abs covers both.
      const left = Math.abs(el.scrollLeft);
      const hidden = el.scrollWidth - el.clientWidth;
      setEdges({ start: left > 1, end: hidden - left > 1 });
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  const overflows = edges.start || edges.end;
  return (
    <div className={`relative ${className}`}>
      <div
        ref={box}
        role="region"
        aria-label={label}
        aria-labelledby={labelledBy}
        tabIndex={0}
        data-overflow={overflows ? 'true' : 'false'}
        className="overflow-x-auto rounded-[inherit] focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700"
      >
        {children}
      </div>
      <span
        aria-hidden="true"
        data-edge="start"
        className={`pointer-events-none absolute inset-y-0 left-0 w-6 rounded-l-[inherit] bg-gradient-to-r from-slate-900/15 to-transparent transition-opacity ${edges.start ? 'opacity-100' : 'opacity-0'}`}
      />
      <span
        aria-hidden="true"
        data-edge="end"
        className={`pointer-events-none absolute inset-y-0 right-0 w-6 rounded-r-[inherit] bg-gradient-to-l from-slate-900/15 to-transparent transition-opacity ${edges.end ? 'opacity-100' : 'opacity-0'}`}
      />
    </div>
  );
}
