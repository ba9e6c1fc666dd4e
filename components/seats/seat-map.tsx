'use client';

import * as Tooltip from '@radix-ui/react-tooltip';
import { TOOLTIP_SETTINGS } from '@/lib/client/tooltip';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { neighbour, type Direction, type FlatSeats, type MapLayout } from './layout';
import { VenueOutline } from './outline';

// One SVG for the whole venue. Performance rules (a 10,000-seat stadium must not jank a phone):
// - the seats are drawn ONCE by a memoised static layer; nothing per seat lives in React state;
// - clicks, hovers and touches are handled by ONE listener on the <svg> (event delegation via data-i);
// - what changes (taken, resale, selected, the keyboard cursor) is drawn as small overlay layers on top,
//   and the selection is a Set handed in by the parent.

export type SeatState = 'available' | 'selected' | 'taken' | 'resale' | 'unavailable';

export type SeatMapType = { name: string; color: string; priceText: string };

export type SeatMapText = {
  title: string;
  help: string;
  zoomIn: string;
  zoomOut: string;
  resetZoom: string;
  seatName: (section: string, row: string, seat: string) => string;
  state: Record<SeatState, string>;
  resaleHint: string;
};

type Props = {
  layout: MapLayout;
  flat: FlatSeats;
  types: SeatMapType[];
  taken: ReadonlySet<string>;
  resale: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  /** False until the first availability answer: seats are shown but cannot be picked yet. */
  ready: boolean;
  onToggle: (seatId: string) => void;
  text: SeatMapText;
};

const R = 5;
const TAKEN = '#9ca3af';
const UNSOLD = '#e5e7eb';

const StaticSeats = memo(function StaticSeats({ flat, colors }: { flat: FlatSeats; colors: string[] }) {
  const circles = [];
  for (let i = 0; i < flat.count; i++) {
    const type = flat.type[i];
    circles.push(<circle key={i} data-i={i} cx={flat.xs[i]} cy={flat.ys[i]} r={R} fill={type >= 0 ? colors[type] : UNSOLD} />);
  }
  return <g className="cursor-pointer">{circles}</g>;
});

const SectionLabels = memo(function SectionLabels({ layout }: { layout: MapLayout }) {
  return (
    <g aria-hidden="true" pointerEvents="none">
      {layout.sections.map((s) =>
        s.labelX == null || s.labelY == null ? null : (
          <text key={s.id} x={s.labelX} y={s.labelY} textAnchor="middle" dominantBaseline="middle" fontSize={14} fontWeight={700} fill="#0f172a" opacity={0.55}>
            {s.name.replace(/^.*\s(\S+)$/, '$1')}
          </text>
        ),
      )}
    </g>
  );
});

/** Seats in a set, drawn on top of the static layer (they never catch the pointer: the seat below does). */
const Overlay = memo(function Overlay({ flat, ids, fill, stroke, strokeWidth = 0, r = R, dash }: { flat: FlatSeats; ids: ReadonlySet<string>; fill: string; stroke?: string; strokeWidth?: number; r?: number; dash?: string }) {
  const circles = [];
  for (const id of ids) {
    const i = flat.index.get(id);
    if (i === undefined) continue;
    circles.push(<circle key={id} cx={flat.xs[i]} cy={flat.ys[i]} r={r} fill={fill} stroke={stroke} strokeWidth={strokeWidth} strokeDasharray={dash} />);
  }
  return <g pointerEvents="none">{circles}</g>;
});

type ViewBox = { x: number; y: number; w: number; h: number };

export function SeatMap({ layout, flat, types, taken, resale, selected, ready, onToggle, text }: Props) {
  const helpId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const colors = useMemo(() => types.map((t) => t.color), [types]);
  const full: ViewBox = useMemo(() => ({ x: 0, y: 0, w: layout.width, h: layout.height }), [layout.width, layout.height]);
  const [view, setView] = useState<ViewBox>(full);
  const [pointed, setPointed] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [anchor, setAnchor] = useState<{ left: number; top: number } | null>(null);
  // The seats are drawn in the browser only: the server sends the frame, not thousands of circles
  // (smaller HTML, cheaper server renders; the map is useless before hydration anyway).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const stateOf = useCallback(
    (i: number): SeatState => {
      const id = flat.ids[i];
      if (selected.has(id)) return 'selected';
      if (flat.type[i] < 0) return 'unavailable';
      if (resale.has(id)) return 'resale';
      if (taken.has(id)) return 'taken';
      return 'available';
    },
    [flat, selected, resale, taken],
  );

  const describe = useCallback(
    (i: number) => {
      const state = stateOf(i);
      const type = flat.type[i] >= 0 ? types[flat.type[i]] : null;
      const name = text.seatName(layout.sections[flat.section[i]].name, flat.row[i], flat.labels[i]);
      return { name, state, type };
    },
    [flat, layout.sections, stateOf, text, types],
  );

  // Where the tooltip points: the seat under the pointer, else the keyboard cursor.
  const active = pointed ?? (focused ? cursor : null);

  useEffect(() => {
    const svg = svgRef.current;
    const box = boxRef.current;
    if (active === null || !svg || !box) {
      setAnchor(null);
      return;
    }
    const matrix = svg.getScreenCTM?.();
    if (!matrix) return;
    const point = new DOMPoint(flat.xs[active], flat.ys[active]).matrixTransform(matrix);
    const rect = box.getBoundingClientRect();
    setAnchor({ left: point.x - rect.left, top: point.y - rect.top });
  }, [active, flat, view]);

  // ── pointer: click to toggle, drag to pan, pinch or ctrl+wheel to zoom ───────────────
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<{ moved: boolean; startDistance: number; startView: ViewBox } | null>(null);

  const seatAt = (target: EventTarget | null): number | null => {
    const el = target as Element | null;
    const value = el?.getAttribute?.('data-i');
    return value == null ? null : Number(value);
  };

  const clampView = useCallback(
    (v: ViewBox): ViewBox => {
      const w = Math.min(full.w, Math.max(full.w / 8, v.w));
      const h = (w / full.w) * full.h;
      const x = Math.min(full.w - w, Math.max(0, v.x));
      const y = Math.min(full.h - h, Math.max(0, v.y));
      return { x, y, w, h };
    },
    [full],
  );

  const zoom = useCallback(
    (factor: number, center?: { x: number; y: number }) => {
      setView((v) => {
        const cx = center?.x ?? v.x + v.w / 2;
        const cy = center?.y ?? v.y + v.h / 2;
        const w = v.w / factor;
        const h = v.h / factor;
        return clampView({ x: cx - (cx - v.x) / factor, y: cy - (cy - v.y) / factor, w, h });
      });
    },
    [clampView],
  );

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const points = [...pointers.current.values()];
    drag.current = {
      moved: drag.current?.moved ?? false,
      startDistance: points.length === 2 ? Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) : 0,
      startView: view,
    };
  };

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const previous = pointers.current.get(e.pointerId);
    if (!previous) {
      if (e.pointerType === 'mouse') setPointed(seatAt(e.target));
      return;
    }
    const svg = svgRef.current!;
    const rect = svg.getBoundingClientRect();
    const scale = view.w / rect.width;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const points = [...pointers.current.values()];
    const state = drag.current;
    if (!state) return;
    if (points.length === 2 && state.startDistance > 0) {
      const distance = Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y);
      const factor = distance / state.startDistance;
      const v = state.startView;
      const w = v.w / factor;
      state.moved = true;
      setView(clampView({ x: v.x + (v.w - w) / 2, y: v.y + ((v.w - w) / 2) * (v.h / v.w), w, h: (w / v.w) * v.h }));
      return;
    }
    const dx = e.clientX - previous.x;
    const dy = e.clientY - previous.y;
    if (!state.moved && Math.hypot(dx, dy) < 3) return;
    if (view.w >= full.w) return; // nothing to pan at full view
    if (!state.moved) svg.setPointerCapture(e.pointerId);
    state.moved = true;
    setPointed(null);
    setView((v) => clampView({ ...v, x: v.x - dx * scale, y: v.y - dy * scale }));
  };

  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) {
      const moved = drag.current?.moved;
      drag.current = null;
      if (!moved && (e.pointerType !== 'mouse' || e.button === 0)) {
        const i = seatAt(e.target);
        if (i !== null) {
          setCursor(i);
          // touch has no hover: the tapped seat keeps its tooltip until the next tap
          if (e.pointerType !== 'mouse') setPointed(i);
          if (ready) onToggle(flat.ids[i]);
        }
      }
    }
  };

  const onWheel = (e: React.WheelEvent<SVGSVGElement>) => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    const svg = svgRef.current!;
    const matrix = svg.getScreenCTM?.();
    const center = matrix ? new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse()) : undefined;
    zoom(e.deltaY < 0 ? 1.25 : 0.8, center);
  };

  // ── keyboard: arrows move the cursor, Enter/Space toggles, +/- zoom ────────────────
  const ensureVisible = useCallback(
    (i: number) => {
      setView((v) => {
        const x = flat.xs[i];
        const y = flat.ys[i];
        if (x >= v.x + 10 && x <= v.x + v.w - 10 && y >= v.y + 10 && y <= v.y + v.h - 10) return v;
        return clampView({ ...v, x: x - v.w / 2, y: y - v.h / 2 });
      });
    },
    [clampView, flat],
  );

  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const directions: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
    if (directions[e.key]) {
      e.preventDefault();
      const from = cursor ?? firstSeat();
      const next = cursor === null ? from : neighbour(flat, from, directions[e.key]);
      setPointed(null);
      setCursor(next);
      ensureVisible(next);
    } else if ((e.key === 'Enter' || e.key === ' ') && cursor !== null) {
      e.preventDefault();
      if (ready) onToggle(flat.ids[cursor]);
    } else if (e.key === '+' || e.key === '=') {
      zoom(1.25);
    } else if (e.key === '-') {
      zoom(0.8);
    } else if (e.key === 'Escape') {
      setFocused(false);
    }
  };

  const firstSeat = () => {
    for (let i = 0; i < flat.count; i++) if (stateOf(i) === 'available') return i;
    return 0;
  };

  const cursorIds = useMemo(() => new Set(cursor !== null && focused ? [flat.ids[cursor]] : []), [cursor, focused, flat]);
  const info = active !== null ? describe(active) : null;
  const cursorInfo = cursor !== null && focused ? describe(cursor) : null;

  return (
    <Tooltip.Provider {...TOOLTIP_SETTINGS}>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={helpId} className="text-sm text-slate-700">
            {text.help}
          </p>
          <div className="flex gap-1">
            <button type="button" onClick={() => zoom(1.5)} className="h-9 w-9 rounded-md border border-slate-400 bg-white text-lg font-bold" aria-label={text.zoomIn} title={text.zoomIn}>
              +
            </button>
            <button type="button" onClick={() => zoom(1 / 1.5)} className="h-9 w-9 rounded-md border border-slate-400 bg-white text-lg font-bold" aria-label={text.zoomOut} title={text.zoomOut}>
              −
            </button>
            <button type="button" onClick={() => setView(full)} className="h-9 rounded-md border border-slate-400 bg-white px-3 text-sm" >
              {text.resetZoom}
            </button>
          </div>
        </div>
        <div ref={boxRef} className="relative overflow-hidden rounded-xl border border-slate-300 bg-slate-50">
          <svg
            ref={svgRef}
            viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
            className="block h-auto max-h-[70vh] w-full touch-none select-none outline-none focus-visible:ring-4 focus-visible:ring-amber-400"
            role="application"
            aria-roledescription={text.title}
            aria-label={text.title}
            aria-describedby={helpId}
            tabIndex={0}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={(e) => {
              pointers.current.delete(e.pointerId);
              drag.current = null;
            }}
            onPointerLeave={(e) => {
              if (e.pointerType === 'mouse') setPointed(null);
            }}
            onWheel={onWheel}
            onKeyDown={onKeyDown}
            onFocus={() => {
              setFocused(true);
              setCursor((c) => c ?? firstSeat());
            }}
            onBlur={() => setFocused(false)}
            data-testid="seat-map"
          >
            <rect x={0} y={0} width={layout.width} height={layout.height} fill="#f8fafc" />
            <VenueOutline shapes={layout.outline} />
            <SectionLabels layout={layout} />
            {mounted && (
              <>
                <StaticSeats flat={flat} colors={colors} />
                <Overlay flat={flat} ids={taken} fill={TAKEN} />
                <Overlay flat={flat} ids={resale} fill="#ffffff" stroke="#7c3aed" strokeWidth={2.5} r={4} />
                <Overlay flat={flat} ids={selected} fill="#0f172a" stroke="#fbbf24" strokeWidth={2.5} r={R + 1} />
                <Overlay flat={flat} ids={cursorIds} fill="none" stroke="#f59e0b" strokeWidth={2.5} r={R + 4} />
              </>
            )}
          </svg>
          {anchor && info && (
            <Tooltip.Root key={active} open>
              <Tooltip.Trigger asChild>
                <span aria-hidden="true" className="pointer-events-none absolute h-0 w-0" style={{ left: anchor.left, top: anchor.top }} />
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content side="top" sideOffset={10} className="z-50 max-w-xs rounded-lg bg-slate-900 px-3 py-2 text-sm text-white shadow-lg" data-testid="seat-tooltip">
                  <p className="font-semibold">{info.name}</p>
                  <p>
                    {info.type ? (info.type.priceText ? `${info.type.name} · ${info.type.priceText}` : info.type.name) : ''}
                  </p>
                  <p className="text-slate-300">{text.state[info.state]}</p>
                  {info.state === 'resale' && <p className="text-slate-300">{text.resaleHint}</p>}
                  <Tooltip.Arrow className="fill-slate-900" />
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          )}
        </div>
        <p className="sr-only" aria-live="polite">
          {cursorInfo ? `${cursorInfo.name}. ${text.state[cursorInfo.state]}${cursorInfo.type ? `, ${cursorInfo.type.name}${cursorInfo.type.priceText ? `, ${cursorInfo.type.priceText}` : ''}` : ''}` : ''}
        </p>
      </div>
    </Tooltip.Provider>
  );
}
