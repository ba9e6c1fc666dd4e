'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState, useTransition, type KeyboardEvent, type PointerEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SubmitButton, TextField } from '@/components/auth/form-parts';
import { SeatMap, type SeatMapText } from '@/components/seats/seat-map';
import { OutlineShapes } from '@/components/seats/outline';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { createSectionSchema } from '@/lib/schemas/organiser-venues';
import { flatten, SEAT_RADIUS, type MapLayout, type MapOutlineShape, type MapSeat } from '@/lib/seats/layout';
import {
  boxOf,
  centreOf,
  fromLayout,
  labelPoints,
  moveBlock,
  moveShape,
  newBlock,
  outlinePreset,
  overlapping,
  placedRows,
  polygonPoint,
  resizeShape,
  rotateBlock,
  shapeBox,
  snapTo,
  toLayout,
  type EditorBlock,
  type EditorLayout,
  type EditorShape,
  type LayoutJson,
  type Localized,
  type OutlinePreset,
  type Point,
} from '@/lib/seats/venue-editor';

// The visual venue editor: the blocks drawn as the fan's map draws them (lib/seats geometry, the same
// seat radius and outline), moved by dragging or with the arrow keys, turned with the handle or [ ] / R,
// on a grid; the pitch, rink or stage from a preset (moved and resized) or drawn point by point; a
// preview in the fan's own seat map; and one save that PUTs the layout JSON, as the import does.

type Changed = { seats: { added: number; kept: number; removed: number; retired: number } };
type Selection = { type: 'block' | 'shape'; i: number } | null;
type Drag =
  | { mode: 'move-block'; i: number; start: Point; block: EditorBlock }
  | { mode: 'rotate-block'; i: number; start: number; block: EditorBlock }
  | { mode: 'move-shape'; i: number; start: Point; shape: EditorShape }
  | { mode: 'resize-shape'; i: number; start: Point; shape: EditorShape };

const STEP_DEGREES = 15;
const button = 'min-h-11 rounded-lg px-4 py-2 font-medium disabled:opacity-60';
const secondary = `${button} border border-slate-300 bg-white hover:bg-slate-50`;
const ARROWS: Record<string, Point> = { ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 }, ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 } };

const addSchema = createSectionSchema;
type AddValues = z.input<typeof addSchema>;
const numberOrUndefined = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

/** The angle from the block's middle to a point, in degrees (0: straight up). */
const bearing = (from: Point, to: Point) => (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI + 90;

export function VenueEditor({
  venueId,
  layout,
  sold,
  locale,
  presets,
}: {
  venueId: string;
  layout: LayoutJson;
  /** Sold or live-held places at coming events, by section code. */
  sold: Record<string, number>;
  locale: Locale;
  presets: Record<OutlinePreset, Localized>;
}) {
  const t = useTranslations('organiser.venues.editor');
  const ts = useTranslations('organiser.venues.section');
  const tm = useTranslations('seatMap');
  const router = useRouter();
  const hydrated = useHydrated();
  const helpId = useId();
  // An id fit for url(#…) (useId's may hold characters a paint reference does not take).
  const gridId = `grid-${helpId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const problemsId = useId();
  const initial = useMemo(() => fromLayout(layout, new Map(Object.entries(sold))), [layout, sold]);
  const [editor, setEditor] = useState<EditorLayout>(initial);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<Selection>(null);
  const [focused, setFocused] = useState<Selection>(null);
  const [grid, setGrid] = useState(10);
  const [preview, setPreview] = useState(false);
  const [drawing, setDrawing] = useState<{ points: [number, number][]; cursor: Point } | null>(null);
  const [said, setSaid] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [, startTransition] = useTransition();
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const map = { width: editor.width, height: editor.height };
  const step = grid || 1;

  const labels = useMemo(() => labelPoints(editor.blocks, editor), [editor]);
  const clashes = useMemo(() => overlapping(editor.blocks), [editor.blocks]);
  const nameOf = (block: EditorBlock) => `${block.code} · ${block.name[locale]}`;
  const shapeName = (shape: EditorShape, i: number) => (shape.label ? shape.label[locale] : t('shapeN', { n: i + 1 }));

  function change(next: (e: EditorLayout) => EditorLayout) {
    setEditor(next);
    setDirty(true);
  }
  const setBlock = (i: number, block: EditorBlock) => change((e) => ({ ...e, blocks: e.blocks.map((b, j) => (j === i ? block : b)) }));
  const setShape = (i: number, shape: EditorShape) => change((e) => ({ ...e, outline: e.outline.map((s, j) => (j === i ? shape : s)) }));

  const sayBlock = (b: EditorBlock) => {
    const c = centreOf(b);
    setSaid(t('blockAt', { code: b.code, x: Math.round(c.x), y: Math.round(c.y), angle: Math.round(b.angle) }));
  };
  const sayShape = (s: EditorShape, i: number) => {
    const box = shapeBox(s);
    setSaid(t('shapeAt', { name: shapeName(s, i), x: Math.round(box.x0), y: Math.round(box.y0), width: Math.round(box.x1 - box.x0), height: Math.round(box.y1 - box.y0) }));
  };

  function rotate(i: number, by: number) {
    const next = rotateBlock(editor.blocks[i], by, map);
    setBlock(i, next);
    sayBlock(next);
  }

  function removeBlock(i: number) {
    const block = editor.blocks[i];
    if (block.sold > 0) return;
    change((e) => ({ ...e, blocks: e.blocks.filter((_, j) => j !== i) }));
    setSelected(null);
    setSaid(t('blockRemoved', { code: block.code }));
  }

  function removeShape(i: number) {
    change((e) => ({ ...e, outline: e.outline.filter((_, j) => j !== i) }));
    setSelected(null);
    setSaid(t('shapeRemoved'));
  }

  // ── pointer ────────────────────────────────────────────────────────────────
  const mapPoint = (clientX: number, clientY: number): Point | null => {
    const matrix = svgRef.current?.getScreenCTM?.();
    if (!matrix) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y };
  };

  function startDrag(e: PointerEvent<SVGElement>, next: Drag) {
    if (e.button !== 0 || drawing) return;
    e.stopPropagation();
    e.preventDefault();
    svgRef.current?.setPointerCapture?.(e.pointerId);
    drag.current = next;
  }

  function onPointerMove(e: PointerEvent<SVGSVGElement>) {
    const d = drag.current;
    const p = d && mapPoint(e.clientX, e.clientY);
    if (drawing) {
      const at = mapPoint(e.clientX, e.clientY);
      if (at) setDrawing((dr) => (dr ? { ...dr, cursor: { x: snapTo(at.x, step), y: snapTo(at.y, step) } } : dr));
      return;
    }
    if (!d || !p) return;
    if (d.mode === 'move-block') setBlock(d.i, moveBlock(d.block, { x: p.x - d.start.x, y: p.y - d.start.y }, grid, map));
    else if (d.mode === 'rotate-block') setBlock(d.i, rotateBlock(d.block, snapTo(bearing(centreOf(d.block), p) - d.start, e.shiftKey ? 1 : 5), map));
    else if (d.mode === 'move-shape') setShape(d.i, moveShape(d.shape, { x: p.x - d.start.x, y: p.y - d.start.y }, grid, map));
    else setShape(d.i, resizeShape(d.shape, { x: p.x - d.start.x, y: p.y - d.start.y }, grid, map));
  }

  function onPointerUp(e: PointerEvent<SVGSVGElement>) {
    const d = drag.current;
    drag.current = null;
    if (drawing) {
      const at = mapPoint(e.clientX, e.clientY);
      if (at && e.button === 0) addPoint(at);
      return;
    }
    if (!d) return;
    if (d.mode === 'move-block' || d.mode === 'rotate-block') sayBlock(editor.blocks[d.i]);
    else sayShape(editor.outline[d.i], d.i);
  }

  // ── keyboard ───────────────────────────────────────────────────────────────
  function onBlockKey(e: KeyboardEvent<SVGGElement>, i: number) {
    const block = editor.blocks[i];
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      const by = (e.shiftKey ? 5 : 1) * step;
      const next = moveBlock(block, { x: arrow.x * by, y: arrow.y * by }, grid, map);
      setBlock(i, next);
      sayBlock(next);
    } else if (e.code === 'BracketLeft' || e.code === 'BracketRight' || e.key === 'r' || e.key === 'R') {
      e.preventDefault();
      const sign = e.code === 'BracketLeft' || (e.key === 'R' && e.shiftKey) ? -1 : 1;
      rotate(i, sign * (e.altKey ? 1 : STEP_DEGREES));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      if (block.sold > 0) setSaid(t('lockedBlock', { code: block.code, count: block.sold }));
      else removeBlock(i);
    }
  }

  function onShapeKey(e: KeyboardEvent<SVGGElement>, i: number) {
    const shape = editor.outline[i];
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      const by = (e.shiftKey ? 5 : 1) * step;
      const next = e.altKey ? resizeShape(shape, { x: arrow.x * by, y: arrow.y * by }, grid, map) : moveShape(shape, { x: arrow.x * by, y: arrow.y * by }, grid, map);
      setShape(i, next);
      sayShape(next, i);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      removeShape(i);
    }
  }

  // ── drawing a shape point by point ─────────────────────────────────────────
  function addPoint(at: Point) {
    const point = polygonPoint(at, grid, map);
    setDrawing((d) => (d ? { ...d, points: [...d.points, point] } : d));
    setSaid(t('pointAdded', { x: point[0], y: point[1] }));
  }

  function finishDrawing() {
    if (!drawing || drawing.points.length < 3) return;
    const shape: EditorShape = { kind: 'polygon', points: drawing.points };
    change((e) => ({ ...e, outline: [...e.outline, shape] }));
    setDrawing(null);
    setSelected({ type: 'shape', i: editor.outline.length });
    setSaid(t('shapeDrawn', { count: drawing.points.length }));
  }

  function onCanvasKey(e: KeyboardEvent<SVGSVGElement>) {
    if (!drawing || e.target !== e.currentTarget) return;
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      const by = (e.shiftKey ? 5 : 1) * step;
      const [x, y] = polygonPoint({ x: drawing.cursor.x + arrow.x * by, y: drawing.cursor.y + arrow.y * by }, grid, map);
      setDrawing({ ...drawing, cursor: { x, y } });
      setSaid(t('cursorAt', { x, y }));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (e.key === 'Enter' && e.ctrlKey) finishDrawing();
      else addPoint(drawing.cursor);
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      setDrawing({ ...drawing, points: drawing.points.slice(0, -1) });
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDrawing(null);
    }
  }

  function addPreset(preset: OutlinePreset) {
    const shape = outlinePreset(preset, map, presets[preset], grid || 1);
    change((e) => ({ ...e, outline: [...e.outline, shape] }));
    setSelected({ type: 'shape', i: editor.outline.length });
    sayShape(shape, editor.outline.length);
  }

  // ── save ───────────────────────────────────────────────────────────────────
  async function save() {
    setSaving(true);
    const result = await api.put<Changed>(`/api/v1/organiser/venues/${venueId}/layout`, JSON.stringify(toLayout(editor)), {
      headers: { 'content-type': 'application/json' },
      toast: [409, 422],
    });
    setSaving(false);
    if (!result.ok) {
      const list = result.error.errors.map((e) => e.message);
      setProblems(list.length ? list : [result.error.message]);
      return;
    }
    setProblems([]);
    setDirty(false);
    const { added, kept, removed, retired } = result.data.seats;
    notify.success({ title: t('saved', { added, kept, removed: removed + retired }) });
    startTransition(() => router.refresh());
  }

  // ── the fan's map of the unsaved layout ────────────────────────────────────
  const fanView = useMemo(() => {
    if (!preview) return null;
    const json = toLayout(editor);
    const outline = json.outline.map(({ label, ...shape }) => (label ? { ...shape, label: label[locale] } : shape)) as MapOutlineShape[];
    const mapLayout: MapLayout = {
      width: json.width,
      height: json.height,
      outline,
      sections: json.sections.map((s) => ({
        id: s.code,
        name: s.name[locale],
        labelX: s.labelX ?? null,
        labelY: s.labelY ?? null,
        rows: s.rows.map((r) => ({ label: r.label, seats: r.seats.map((seat): MapSeat => [`${s.code}/${r.label}/${seat.label}`, seat.label, seat.x, seat.y, 0]) })),
      })),
    };
    return { layout: mapLayout, flat: flatten(mapLayout) };
  }, [preview, editor, locale]);
  const none = useMemo(() => new Set<string>(), []);
  const mapText: SeatMapText = {
    title: t('previewMapTitle'),
    help: tm('help'),
    zoomIn: tm('zoomIn'),
    zoomOut: tm('zoomOut'),
    resetZoom: tm('resetZoom'),
    seatName: (section, row, seat) => tm('seatName', { section, row, seat }),
    state: { available: tm('available'), selected: tm('selected'), taken: tm('taken'), resale: tm('resale'), unavailable: tm('taken') },
    resaleHint: '',
    zoomToSection: (section) => tm('zoomToSection', { section }),
  };

  const outlineShown = useMemo(
    () => editor.outline.map(({ label, ...shape }) => (label ? { ...shape, label: label[locale] } : shape)) as MapOutlineShape[],
    [editor.outline, locale],
  );
  const selectedBlock = selected?.type === 'block' ? editor.blocks[selected.i] : null;
  const selectedShape = selected?.type === 'shape' ? editor.outline[selected.i] : null;
  const seats = editor.blocks.reduce((n, b) => n + b.rows.reduce((m, r) => m + r.seats.length, 0), 0);
  const handle = Math.max(8, Math.min(editor.width, editor.height) / 60);

  return (
    <div className="space-y-4" data-testid="venue-editor">
      <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800">
        <summary className="cursor-pointer font-semibold">{t('helpTitle')}</summary>
        <div id={helpId} className="mt-2 space-y-2">
          <p>{t('helpMouse')}</p>
          <p>{t('helpKeyboard')}</p>
          <p>{t('helpOutline')}</p>
          <p>{t('helpSave')}</p>
          <p>{t('helpLocked')}</p>
        </div>
      </details>

      <div className="flex flex-wrap items-end gap-3">
        <label className="space-y-1 text-sm font-medium text-slate-800">
          <span className="block">{t('grid')}</span>
          <select value={grid} onChange={(e) => setGrid(Number(e.target.value))} className="min-h-11 rounded-lg border border-slate-300 bg-white px-3">
            {[5, 10, 20, 0].map((g) => (
              <option key={g} value={g}>
                {g ? t('gridUnits', { units: g }) : t('gridOff')}
              </option>
            ))}
          </select>
        </label>
        <button type="button" aria-pressed={preview} disabled={!hydrated} onClick={() => setPreview((p) => !p)} className={secondary}>
          {t('previewToggle')}
        </button>
        <button type="button" disabled={!hydrated || !dirty || saving} onClick={save} className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`}>
          {saving ? t('saving') : t('save')}
        </button>
        <button
          type="button"
          disabled={!hydrated || !dirty || saving}
          onClick={() => {
            setEditor(initial);
            setDirty(false);
            setSelected(null);
          }}
          className={secondary}
        >
          {t('discard')}
        </button>
        <p className="text-sm text-slate-700" role="status">
          {dirty ? t('unsaved') : t('upToDate')}
        </p>
      </div>

      {problems.length > 0 && (
        <div id={problemsId} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{t('notSaved')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {clashes.length > 0 && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="overlap-warning">
          {t('overlap', { pairs: clashes.map(([a, b]) => `${a} × ${b}`).join(', ') })}
        </p>
      )}

      {fanView ? (
        <div className="space-y-2" data-testid="fan-preview">
          <p className="text-sm text-slate-700">{t('previewNote')}</p>
          <SeatMap layout={fanView.layout} flat={fanView.flat} types={[{ name: t('previewCategory'), color: '#1d4ed8', priceText: '' }]} taken={none} resale={none} selected={none} ready={false} onToggle={() => {}} text={mapText} />
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-300 bg-slate-50" style={{ aspectRatio: `${editor.width} / ${editor.height}`, maxHeight: '70vh' }}>
          <svg
            ref={svgRef}
            viewBox={`0 0 ${editor.width} ${editor.height}`}
            role="group"
            aria-label={t('canvasLabel', { sections: editor.blocks.length, seats })}
            aria-describedby={helpId}
            className={`block h-full w-full select-none outline-none ${drawing ? 'cursor-crosshair focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-amber-400' : ''}`}
            tabIndex={drawing ? 0 : undefined}
            onKeyDown={onCanvasKey}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (drag.current = null)}
            data-testid="layout-preview"
          >
            <defs>
              <pattern id={gridId} width={grid || editor.width} height={grid || editor.height} patternUnits="userSpaceOnUse">
                <path d={`M ${grid || editor.width} 0 L 0 0 0 ${grid || editor.height}`} fill="none" stroke="#e2e8f0" strokeWidth={0.5} />
              </pattern>
            </defs>
            <rect x={0} y={0} width={editor.width} height={editor.height} fill={grid ? `url(#${gridId})` : '#f8fafc'} />
            <OutlineShapes shapes={outlineShown} />
            {editor.outline.map((shape, i) => {
              const box = shapeBox(shape);
              const isSelected = selected?.type === 'shape' && selected.i === i;
              const isFocused = focused?.type === 'shape' && focused.i === i;
              return (
                <g
                  key={`shape-${i}`}
                  role="button"
                  tabIndex={drawing ? -1 : 0}
                  aria-label={t('shapeLabel', { name: shapeName(shape, i) })}
                  aria-pressed={isSelected}
                  aria-describedby={helpId}
                  className="cursor-move outline-none"
                  style={{ touchAction: 'none' }}
                  data-shape={i}
                  onFocus={() => {
                    setFocused({ type: 'shape', i });
                    setSelected({ type: 'shape', i });
                  }}
                  onBlur={() => setFocused(null)}
                  onKeyDown={(e) => onShapeKey(e, i)}
                  onPointerDown={(e) => {
                    const p = mapPoint(e.clientX, e.clientY);
                    setSelected({ type: 'shape', i });
                    if (p) startDrag(e, { mode: 'move-shape', i, start: p, shape });
                  }}
                >
                  <rect x={box.x0} y={box.y0} width={box.x1 - box.x0} height={box.y1 - box.y0} fill="transparent" stroke={isSelected || isFocused ? '#b45309' : 'none'} strokeWidth={isFocused ? 4 : 2} strokeDasharray={isFocused ? undefined : '6 4'} />
                  {isSelected && (
                    <rect
                      x={box.x1 - handle / 2}
                      y={box.y1 - handle / 2}
                      width={handle}
                      height={handle}
                      fill="#ffffff"
                      stroke="#b45309"
                      strokeWidth={2}
                      className="cursor-nwse-resize"
                      data-testid="resize-handle"
                      onPointerDown={(e) => {
                        const p = mapPoint(e.clientX, e.clientY);
                        if (p) startDrag(e, { mode: 'resize-shape', i, start: p, shape });
                      }}
                    />
                  )}
                </g>
              );
            })}
            {editor.blocks.map((block, i) => {
              const rows = placedRows(block);
              const box = boxOf(block, rows);
              const c = centreOf(block);
              const isSelected = selected?.type === 'block' && selected.i === i;
              const isFocused = focused?.type === 'block' && focused.i === i;
              return (
                <g
                  key={block.code}
                  role="button"
                  tabIndex={drawing ? -1 : 0}
                  aria-label={block.sold > 0 ? t('blockLabelLocked', { name: nameOf(block), count: block.sold }) : t('blockLabel', { name: nameOf(block) })}
                  aria-pressed={isSelected}
                  aria-describedby={helpId}
                  className="cursor-move outline-none"
                  style={{ touchAction: 'none' }}
                  data-block={block.code}
                  onFocus={() => {
                    setFocused({ type: 'block', i });
                    setSelected({ type: 'block', i });
                  }}
                  onBlur={() => setFocused(null)}
                  onKeyDown={(e) => onBlockKey(e, i)}
                  onPointerDown={(e) => {
                    const p = mapPoint(e.clientX, e.clientY);
                    setSelected({ type: 'block', i });
                    if (p) startDrag(e, { mode: 'move-block', i, start: p, block });
                  }}
                >
                  <rect x={box.x0} y={box.y0} width={box.x1 - box.x0} height={box.y1 - box.y0} fill={block.kind === 'standing' ? '#dbeafe' : 'transparent'} stroke={isSelected || isFocused ? '#b45309' : block.kind === 'standing' ? '#1d4ed8' : 'none'} strokeWidth={isFocused ? 4 : 2} strokeDasharray={isFocused ? undefined : '6 4'} />
                  {rows.flatMap((row) => row.seats.map((seat) => <circle key={`${row.label}/${seat.label}`} cx={seat.x} cy={seat.y} r={SEAT_RADIUS} fill={block.sold > 0 ? '#475569' : '#1d4ed8'} />))}
                  {isSelected && block.kind === 'seated' && (
                    <g
                      className="cursor-grab"
                      data-testid="rotate-handle"
                      onPointerDown={(e) => {
                        const p = mapPoint(e.clientX, e.clientY);
                        if (p) startDrag(e, { mode: 'rotate-block', i, start: bearing(c, p), block });
                      }}
                    >
                      <line x1={c.x} y1={box.y0} x2={c.x} y2={box.y0 - handle * 2} stroke="#b45309" strokeWidth={2} />
                      <rect x={c.x - handle / 2} y={box.y0 - handle * 2.5} width={handle} height={handle} rx={handle / 2} fill="#fbbf24" stroke="#b45309" strokeWidth={2} />
                    </g>
                  )}
                </g>
              );
            })}
            {/* Block codes beside their seats, never over them (lib/seats/venue-editor.ts labelPlacement). */}
            <g aria-hidden="true" pointerEvents="none">
              {editor.blocks.map((block, i) => (
                <text key={block.code} x={labels[i].x} y={labels[i].y} textAnchor="middle" dominantBaseline="middle" fontSize={14} fontWeight={700} fill="#0f172a" data-label={block.code}>
                  {block.kind === 'standing' ? `${block.code} (${block.capacity ?? 0})` : block.code}
                </text>
              ))}
            </g>
            {drawing && (
              <g pointerEvents="none" aria-hidden="true">
                {drawing.points.length > 0 && <polyline points={[...drawing.points, [drawing.cursor.x, drawing.cursor.y]].map((p) => p.join(',')).join(' ')} fill="none" stroke="#b45309" strokeWidth={2} strokeDasharray="4 3" />}
                {drawing.points.map(([x, y], k) => (
                  <rect key={k} x={x - 4} y={y - 4} width={8} height={8} fill="#b45309" />
                ))}
                <path d={`M ${drawing.cursor.x - 10} ${drawing.cursor.y} H ${drawing.cursor.x + 10} M ${drawing.cursor.x} ${drawing.cursor.y - 10} V ${drawing.cursor.y + 10}`} stroke="#0f172a" strokeWidth={2} />
              </g>
            )}
          </svg>
        </div>
      )}
      <p className="sr-only" aria-live="polite" data-testid="editor-said">
        {said}
      </p>

      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby={`${helpId}-selected`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h3 id={`${helpId}-selected`} className="text-lg font-semibold">
            {t('selectedTitle')}
          </h3>
          {selectedBlock && selected ? (
            <>
              <p>
                <span className="font-semibold">{nameOf(selectedBlock)}</span> · {t('position', { x: Math.round(centreOf(selectedBlock).x), y: Math.round(centreOf(selectedBlock).y), angle: Math.round(selectedBlock.angle) })}
              </p>
              {selectedBlock.sold > 0 && <p className="rounded-lg bg-slate-100 p-2 text-sm text-slate-800">{t('lockedBlock', { code: selectedBlock.code, count: selectedBlock.sold })}</p>}
              <div className="flex flex-wrap gap-2">
                <button type="button" className={secondary} disabled={selectedBlock.kind === 'standing'} onClick={() => rotate(selected.i, -STEP_DEGREES)}>
                  {t('rotateLeft')}
                </button>
                <button type="button" className={secondary} disabled={selectedBlock.kind === 'standing'} onClick={() => rotate(selected.i, STEP_DEGREES)}>
                  {t('rotateRight')}
                </button>
                <button type="button" className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`} disabled={selectedBlock.sold > 0} onClick={() => removeBlock(selected.i)}>
                  {t('removeBlock', { code: selectedBlock.code })}
                </button>
              </div>
            </>
          ) : selectedShape && selected ? (
            <>
              <p className="font-semibold">{shapeName(selectedShape, selected.i)}</p>
              <button type="button" className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`} onClick={() => removeShape(selected.i)}>
                {t('removeShape')}
              </button>
            </>
          ) : (
            <p className="text-sm text-slate-700">{t('nothingSelected')}</p>
          )}
        </section>

        <section aria-labelledby={`${helpId}-outline`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h3 id={`${helpId}-outline`} className="text-lg font-semibold">
            {t('outlineTitle')}
          </h3>
          <div className="flex flex-wrap gap-2">
            {(['football', 'rink', 'stage'] as const).map((preset) => (
              <button key={preset} type="button" disabled={!hydrated || preview} className={secondary} onClick={() => addPreset(preset)}>
                {t(`preset.${preset}`)}
              </button>
            ))}
          </div>
          {drawing ? (
            <div className="space-y-2">
              <p className="text-sm text-slate-800" role="status">
                {t('drawingHelp', { count: drawing.points.length })}
              </p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`} disabled={drawing.points.length < 3} onClick={finishDrawing}>
                  {t('finishShape')}
                </button>
                <button type="button" className={secondary} onClick={() => setDrawing(null)}>
                  {t('cancelShape')}
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              disabled={!hydrated || preview}
              className={secondary}
              onClick={() => {
                setDrawing({ points: [], cursor: { x: snapTo(editor.width / 2, step), y: snapTo(editor.height / 2, step) } });
                setSelected(null);
                requestAnimationFrame(() => svgRef.current?.focus());
              }}
            >
              {t('drawShape')}
            </button>
          )}
        </section>
      </div>

      <AddBlock
        codes={editor.blocks.map((b) => b.code.toLowerCase())}
        onAdd={(values) => {
          const block = newBlock(values, { x: editor.width / 2, y: editor.height / 2 }, grid, map);
          change((e) => ({ ...e, blocks: [...e.blocks, block] }));
          setSelected({ type: 'block', i: editor.blocks.length });
          setSaid(t('blockAdded', { code: block.code }));
          // The new block gets the focus (and comes into view): the arrow keys move it at once.
          requestAnimationFrame(() => svgRef.current?.querySelector<SVGGElement>(`[data-block="${CSS.escape(block.code)}"]`)?.focus());
        }}
        text={{ title: t('addTitle'), add: t('add') }}
      />
    </div>
  );
}

/** A new block of R × S seats (rows straight or bent), put in the middle of the map: then drag it where it goes. */
function AddBlock({
  codes,
  onAdd,
  text,
}: {
  codes: string[];
  onAdd: (values: { code: string; name: Localized; rows: number; seatsPerRow: number; curve: number }) => void;
  text: { title: string; add: string };
}) {
  const ts = useTranslations('organiser.venues.section');
  const form = useForm<AddValues, unknown, z.output<typeof addSchema>>({
    resolver: zodResolver(addSchema),
    defaultValues: { code: '', name: { sk: '', cs: '', en: '' }, kind: 'seated', rows: 5, seatsPerRow: 10, curve: 0 },
  });
  const {
    register,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const number = (name: 'rows' | 'seatsPerRow' | 'curve') => register(name, { setValueAs: numberOrUndefined });
  const submit = form.handleSubmit((values) => {
    if (codes.includes(values.code.toLowerCase())) {
      setError('code', { message: 'organiser.venues.errors.codeTaken' });
      return;
    }
    onAdd({ code: values.code, name: values.name, rows: values.rows!, seatsPerRow: values.seatsPerRow!, curve: values.curve });
    form.reset();
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-label={text.title}>
      <h3 className="text-lg font-semibold">{text.title}</h3>
      <TextField label={ts('code')} autoComplete="off" error={errors.code?.message} {...register('code')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={ts('nameSk')} lang="sk" error={errors.name?.sk?.message ?? errors.name?.message} {...register('name.sk')} />
        <TextField label={ts('nameCs')} lang="cs" error={errors.name?.cs?.message} {...register('name.cs')} />
        <TextField label={ts('nameEn')} lang="en" error={errors.name?.en?.message} {...register('name.en')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={ts('rows')} inputMode="numeric" error={errors.rows?.message} {...number('rows')} />
        <TextField label={ts('seatsPerRow')} inputMode="numeric" error={errors.seatsPerRow?.message} {...number('seatsPerRow')} />
        <TextField label={ts('curve')} inputMode="decimal" error={errors.curve?.message} {...number('curve')} />
      </div>
      <SubmitButton pending={isSubmitting} inline>
        {text.add}
      </SubmitButton>
    </form>
  );
}
