'use client';

import * as Tooltip from '@radix-ui/react-tooltip';
import { TOOLTIP_SETTINGS } from '@/lib/client/tooltip';
import { memo, startTransition, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { neighbour, type Direction, type FlatSeats, type MapLayout } from '@/lib/seats/layout';
import { VenueOutline } from './outline';
import { clampView as clampTo, labelBesideSeats, minViewWidth, sectionAt, sectionBoxes, seatsBox, seatsTappable, toBoxFraction, zoomAround, zoomToBox, zoomToSeats, SEAT_RADIUS, type ViewBox } from './zoom';

// One SVG for the whole venue. Performance rules (a 10,000-seat stadium must not jank a phone):
// - the seats are drawn ONCE by a memoised static layer; nothing per seat lives in React state;
// - clicks, hovers and touches are handled by ONE listener on the <svg> (event delegation via data-i);
// - what changes (taken, resale, selected, the keyboard cursor) is drawn as small overlay layers on top,
//   and the selection is a Set handed in by the parent.
// On a phone the whole venue is too small to tap one seat: a tap on a section (or its label, or Enter
// on the label) zooms to it so each seat is at least 24 CSS px (zoom.ts); a mouse can still click a
// seat at any zoom. Section labels are HTML buttons over the SVG, so they stay readable at every zoom.

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
  /** The section label's accessible name ("Zoom to Main stand A1"); without it labels are text only. */
  zoomToSection?: (section: string) => string;
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
  /** Seats to bring into view (best available): a new object zooms to them. */
  focus?: { seats: readonly string[] } | null;
  /** Wheelchair places and companion seats (lib/server/concessions): ringed on the map and named so for screen readers. */
  marks?: AccessibleMarks | null;
  /**
   * The console's plans, where the office picks single seats: a section label placed among its seats is
   * shown beside them instead (zoom.ts labelBesideSeats), so it hides none. The fans' map keeps it there.
   */
  labelsBeside?: boolean;
};

export type AccessibleMarks = { wheelchair: ReadonlySet<string>; companion: ReadonlySet<string>; wheelchairName: string; companionName: string };

const R = SEAT_RADIUS;
const TAKEN = '#9ca3af';
const UNSOLD = '#e5e7eb';
const HEX = /^#[0-9a-fA-F]{6}$/;

// The seats never change once drawn (their state is drawn by the overlays), so they are one string of
// markup the browser parses natively, not thousands of React elements to create, diff and commit: the
// largest single piece of the event page's load work (issue 17, Total Blocking Time). Numbers and colours
// only, no text: a colour that is not #rrggbb (the organiser API allows nothing else) is not written.
const StaticSeats = memo(function StaticSeats({ flat, colors }: { flat: FlatSeats; colors: string[] }) {
  const markup = useMemo(() => {
    const parts: string[] = [];
    for (let i = 0; i < flat.count; i++) {
      const type = flat.type[i];
      const fill = type >= 0 && HEX.test(colors[type]) ? colors[type] : UNSOLD;
      parts.push(`<circle data-i="${i}" cx="${Number(flat.xs[i])}" cy="${Number(flat.ys[i])}" r="${R}" fill="${fill}"></circle>`);
    }
    return parts.join('');
  }, [flat, colors]);
  return <g className="cursor-pointer" dangerouslySetInnerHTML={{ __html: markup }} />;
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

/** A section's short name for its label: the last word ("Main stand A1" → "A1"). */
const shortName = (name: string) => name.replace(/^.*\s(\S+)$/, '$1');

export function SeatMap({ layout, flat, types, taken, resale, selected, ready, onToggle, text, focus, marks, labelsBeside = false }: Props) {
  const helpId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const colors = useMemo(() => types.map((t) => t.color), [types]);
  const full: ViewBox = useMemo(() => ({ x: 0, y: 0, w: layout.width, h: layout.height }), [layout.width, layout.height]);
  const [view, setView] = useState<ViewBox>(full);
  // The map box's width in CSS px (0 until measured): what turns map units into on-screen size.
  const [pixels, setPixels] = useState(0);
  const minW = minViewWidth(full, pixels);
  const tappable = seatsTappable(view, pixels);
  const boxes = useMemo(() => sectionBoxes(flat, layout.sections.length), [flat, layout.sections.length]);
  const [pointed, setPointed] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [anchor, setAnchor] = useState<{ left: number; top: number } | null>(null);
  // The seats are drawn in the browser only: the server sends the frame, not thousands of circles
  // (smaller HTML, cheaper server renders; the map is useless before hydration anyway). They are drawn
  // once the map is within half a screen of the window — on a phone it starts two screens below the
  // first — and in a transition, which React renders in slices that yield to the browser. Drawn at load,
  // a stadium's thousand circles cost a style pass of ~30 ms on this machine (~120 ms on Lighthouse's
  // simulated phone) while the page was loading, for seats nobody could see yet (issue 17, Total
  // Blocking Time); `content-visibility` alone did not spare it, since the browser counts anything within
  // a screen and a half as near. Focusing the map scrolls it into view, so the keyboard gets its seats
  // too; the seat lists below the map never depended on them.
  const [mounted, setMounted] = useState(false);
  // The tooltip's portal: a layer that never catches the pointer (a tap goes to the seat under it).
  const [tooltipLayer, setTooltipLayer] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === 'undefined') {
      startTransition(() => setMounted(true));
      return;
    }
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        startTransition(() => setMounted(true));
      },
      { rootMargin: '50% 0px' },
    );
    near.observe(box);
    return () => near.disconnect();
  }, []);

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
      const seat = text.seatName(layout.sections[flat.section[i]].name, flat.row[i], flat.labels[i]);
      const id = flat.ids[i];
      const mark = marks?.wheelchair.has(id) ? marks.wheelchairName : marks?.companion.has(id) ? marks.companionName : null;
      const name = mark ? `${seat} (${mark})` : seat;
      return { name, state, type };
    },
    [flat, layout.sections, stateOf, text, types, marks],
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
  }, [active, flat, view, pixels]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || typeof ResizeObserver === 'undefined') return;
    // The observer reports the first size itself, after the browser's own layout: measuring here too
    // would force a layout of every seat inside the commit that mounts the map (a long task at load).
    const observer = new ResizeObserver(([entry]) => setPixels(entry.target.getBoundingClientRect().width));
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);

  // ── pointer: click to toggle, drag to pan, pinch or ctrl+wheel to zoom ───────────────
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<{ moved: boolean; startDistance: number; startView: ViewBox } | null>(null);

  const seatAt = (target: EventTarget | null): number | null => {
    const el = target as Element | null;
    const value = el?.getAttribute?.('data-i');
    return value == null ? null : Number(value);
  };

  const clampView = useCallback((v: ViewBox): ViewBox => clampTo(v, full, minW), [full, minW]);

  const zoom = useCallback(
    (factor: number, center?: { x: number; y: number }) => {
      setView((v) => zoomAround(v, factor, center ?? { x: v.x + v.w / 2, y: v.y + v.h / 2 }, full, minW));
    },
    [full, minW],
  );

  const zoomToSection = useCallback(
    (s: number) => {
      const box = boxes[s];
      if (box) setView(zoomToBox(box, full, pixels));
    },
    [boxes, full, pixels],
  );

  // Best available: bring the chosen seats into view, big enough to tap.
  useEffect(() => {
    if (!focus) return;
    const box = seatsBox(flat, focus.seats.map((id) => flat.index.get(id)).filter((i): i is number => i !== undefined));
    if (box) setView(zoomToSeats(box, full, pixels));
    // only a new focus object moves the view (not a resize or new seat data)
  }, [focus]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The map point under a screen point. */
  const mapPoint = (clientX: number, clientY: number) => {
    const matrix = svgRef.current?.getScreenCTM?.();
    return matrix ? new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse()) : null;
  };

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
        const sectionHere = () => {
          if (i !== null) return flat.section[i];
          const point = mapPoint(e.clientX, e.clientY);
          return point ? sectionAt(boxes, point.x, point.y) : null;
        };
        // A finger on seats too small to tap, or a click beside the seats: zoom to that section.
        if ((e.pointerType === 'touch' || e.pointerType === 'pen' || i === null) && !tappable) {
          const s = sectionHere();
          if (s !== null) {
            setPointed(null);
            zoomToSection(s);
          }
          return;
        }
        if (i !== null) {
          setCursor(i);
          // touch has no hover: the tapped seat keeps its tooltip until the next tap
          if (e.pointerType !== 'mouse') setPointed(i);
          if (ready) onToggle(flat.ids[i]);
        }
      }
    }
  };

  // ctrl/⌘ + wheel (and a trackpad pinch) zooms around the pointer. A native listener: React's wheel
  // listener is passive, so it could not keep the page itself from zooming.
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const matrix = svg.getScreenCTM?.();
      const center = matrix ? new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse()) : undefined;
      zoomRef.current(e.deltaY < 0 ? 1.25 : 0.8, center ? { x: center.x, y: center.y } : undefined);
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);

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

  const scale = pixels > 0 ? pixels / view.w : 0;
  const seatPx = 2 * R * scale;
  // Labels in CSS px whatever the zoom: the outline's in map units scaled back, the sections' as HTML.
  const outlineLabelSize = scale > 0 ? 14 / scale : 18;
  const labels = layout.sections.map((s, i) => {
    const box = boxes[i];
    let x = s.labelX ?? (box ? (box.x0 + box.x1) / 2 : null);
    let y = s.labelY ?? (box ? (box.y0 + box.y1) / 2 : null);
    if (x == null || y == null) return null;
    // A label point beside the seats (as the venue editor places it) keeps the whole label on that side of
    // them, whatever its size on screen; one among or on them is centred there, as before.
    const side = (v: number, lo: number | undefined, hi: number | undefined) => (lo !== undefined && v < lo ? 'before' : hi !== undefined && v > hi ? 'after' : 'centre');
    // In the console a label among the seats moves beside them (when that is still on the map).
    if (labelsBeside && box && side(x, box.x0, box.x1) === 'centre' && side(y, box.y0, box.y1) === 'centre') {
      const beside = labelBesideSeats(box, { w: layout.width, h: layout.height });
      const there = toBoxFraction(full, beside.x, beside.y);
      if (there.left >= 0 && there.left <= 1 && there.top >= 0 && there.top <= 1) ({ x, y } = beside);
    }
    const at = toBoxFraction(view, x, y);
    if (at.left < 0 || at.left > 1 || at.top < 0 || at.top > 1) return null;
    const shift = { before: '-100%', after: '0%', centre: '-50%' } as const;
    return { i, name: s.name, short: shortName(s.name), left: at.left, top: at.top, tx: shift[side(x, box?.x0, box?.x1)], ty: shift[side(y, box?.y0, box?.y1)] };
  });
  const tool = 'h-11 min-w-11 rounded-md border border-slate-400 bg-white text-slate-900 hover:bg-slate-100';

  return (
    <Tooltip.Provider {...TOOLTIP_SETTINGS}>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2" data-testid="seat-map-toolbar">
          <p id={helpId} className="text-sm text-slate-700">
            {text.help}
          </p>
          <div className="flex gap-1">
            <button type="button" onClick={() => zoom(1.5)} className={`${tool} text-lg font-bold`} aria-label={text.zoomIn} title={text.zoomIn}>
              +
            </button>
            <button type="button" onClick={() => zoom(1 / 1.5)} className={`${tool} text-lg font-bold`} aria-label={text.zoomOut} title={text.zoomOut}>
              −
            </button>
            <button type="button" onClick={() => setView(full)} className={`${tool} px-3 text-sm font-medium`}>
              {text.resetZoom}
            </button>
          </div>
        </div>
        <div
          ref={boxRef}
          className="relative mx-auto w-full overflow-hidden rounded-xl border border-slate-300 bg-slate-50"
          // content-visibility: once drawn, the browser styles, lays out and paints the seats only while the
          // map is near the screen; they stay in the DOM. The box keeps its size from its aspect ratio.
          style={{ aspectRatio: `${layout.width} / ${layout.height}`, maxWidth: `calc(70vh * ${layout.width / layout.height})`, contentVisibility: 'auto' }}
        >
          <svg
            ref={svgRef}
            viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
            className="absolute inset-0 block h-full w-full touch-none select-none outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-amber-400"
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
            onKeyDown={onKeyDown}
            onFocus={() => {
              setFocused(true);
              setCursor((c) => c ?? firstSeat());
            }}
            onBlur={() => setFocused(false)}
            data-testid="seat-map"
            data-zoomed={view.w < full.w ? 'true' : 'false'}
          >
            <rect x={0} y={0} width={layout.width} height={layout.height} fill="#f8fafc" />
            <VenueOutline shapes={layout.outline} labelSize={outlineLabelSize} />
            {mounted && (
              <>
                <StaticSeats flat={flat} colors={colors} />
                <Overlay flat={flat} ids={taken} fill={TAKEN} />
                <Overlay flat={flat} ids={resale} fill="#ffffff" stroke="#7c3aed" strokeWidth={2.5} r={4} />
                <Overlay flat={flat} ids={selected} fill="#0f172a" stroke="#fbbf24" strokeWidth={2.5} r={R + 1} />
                {marks && <Overlay flat={flat} ids={marks.wheelchair} fill="none" stroke="#0369a1" strokeWidth={2.5} r={R + 2.5} />}
                {marks && <Overlay flat={flat} ids={marks.companion} fill="none" stroke="#0369a1" strokeWidth={1.5} r={R + 2.5} dash="2 2" />}
                <Overlay flat={flat} ids={cursorIds} fill="none" stroke="#f59e0b" strokeWidth={2.5} r={R + 4} />
              </>
            )}
          </svg>
          {/* Section labels: readable at every zoom; while seats are too small to tap, a tap on one zooms to its section. */}
          <ul className="pointer-events-none absolute inset-0" data-testid="section-labels" aria-hidden={text.zoomToSection ? undefined : true}>
            {labels.map((label) =>
              label === null ? null : (
                <li key={label.i} className="absolute" style={{ left: `${label.left * 100}%`, top: `${label.top * 100}%`, transform: `translate(${label.tx}, ${label.ty})` }}>
                  {text.zoomToSection ? (
                    <button
                      type="button"
                      onClick={() => zoomToSection(label.i)}
                      aria-label={text.zoomToSection(label.name)}
                      className={`${tappable ? 'pointer-events-none opacity-80' : 'pointer-events-auto'} touch-manipulation rounded-full border border-slate-300 bg-white/95 px-2 py-0.5 text-xs font-bold text-slate-900 shadow-sm outline-none focus-visible:pointer-events-auto focus-visible:opacity-100 focus-visible:ring-4 focus-visible:ring-amber-400`}
                      data-section={label.name}
                    >
                      {label.short}
                    </button>
                  ) : (
                    <span aria-hidden="true" className="rounded-full bg-white/95 px-2 py-0.5 text-xs font-bold text-slate-900">
                      {label.short}
                    </span>
                  )}
                </li>
              ),
            )}
          </ul>
          {anchor && info && (
            <Tooltip.Root key={active} open>
              <Tooltip.Trigger asChild>
                <span aria-hidden="true" className="pointer-events-none absolute h-0 w-0" style={{ left: anchor.left, top: anchor.top }} />
              </Tooltip.Trigger>
              <Tooltip.Portal container={tooltipLayer}>
                {/* kept inside the map's box: it never covers the zoom buttons above it */}
                <Tooltip.Content
                  side="top"
                  sideOffset={Math.max(10, seatPx / 2 + 6)}
                  collisionBoundary={boxRef.current}
                  collisionPadding={4}
                  sticky="always"
                  hideWhenDetached
                  className="pointer-events-none z-40 max-w-[16rem] rounded-lg bg-slate-900 px-3 py-2 text-sm text-white shadow-lg"
                  data-testid="seat-tooltip"
                >
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
        <div ref={setTooltipLayer} className="pointer-events-none" />
        <p className="sr-only" aria-live="polite">
          {cursorInfo ? `${cursorInfo.name}. ${text.state[cursorInfo.state]}${cursorInfo.type ? `, ${cursorInfo.type.name}${cursorInfo.type.priceText ? `, ${cursorInfo.type.priceText}` : ''}` : ''}` : ''}
        </p>
      </div>
    </Tooltip.Provider>
  );
}
