import { venueLayoutSchema } from '@/lib/schemas/organiser-venues';
import {
  boxOf,
  centreOf,
  fromLayout,
  labelBox,
  labelPoints,
  moveBlock,
  moveShape,
  newBlock,
  outlinePreset,
  overlapping,
  placedRows,
  resizeShape,
  rotateBlock,
  toLayout,
  type EditorBlock,
  type EditorLayout,
  type LayoutJson,
} from '@/lib/seats/venue-editor';
import { SEAT_RADIUS } from '@/lib/seats/layout';

// The venue editor's geometry: what a drag, an arrow key or a turn does to the seats that are saved.

const name = { sk: 'Sever', cs: 'Sever', en: 'North' };
const map = { width: 600, height: 400 };
/** Two rows of three seats, 12 apart, middle at (262, 126). */
const layout: LayoutJson = {
  width: 600,
  height: 400,
  outline: [],
  sections: [
    {
      code: 'A',
      name,
      kind: 'seated',
      rows: [
        { label: '1', seats: [{ label: '1', x: 250, y: 120 }, { label: '2', x: 262, y: 120 }, { label: '3', x: 274, y: 120 }] },
        { label: '2', seats: [{ label: '1', x: 250, y: 132 }, { label: '2', x: 262, y: 132 }, { label: '3', x: 274, y: 132 }] },
      ],
    },
  ],
};
const blockA = (): EditorBlock => fromLayout(layout).blocks[0];
const seatsOf = (block: EditorBlock) => placedRows(block).flatMap((r) => r.seats.map((s) => [r.label, s.label, s.x, s.y]));

describe('venue editor: moving blocks', () => {
  it('an arrow key moves the block by one grid step, its middle snapped to the grid; the seats move with it', () => {
    const moved = moveBlock(blockA(), { x: 10, y: 0 }, 10, map);
    // The middle (262, 126) + 10 → 272 → snapped to 270 (and y 126 → 130).
    expect(centreOf(moved)).toEqual({ x: 270, y: 130 });
    expect(seatsOf(moved)[0]).toEqual(['1', '1', 258, 124]);
    expect(seatsOf(moved)[5]).toEqual(['2', '3', 282, 136]);
  });

  it('a drag is measured from where the block stood when it began, so many small moves do not drift', () => {
    const start = blockA();
    let block = start;
    for (const x of [3, 7, 12, 18, 23]) block = moveBlock(start, { x, y: x }, 10, map);
    expect(centreOf(block)).toEqual({ x: 290, y: 150 });
    // Without a grid the block follows the pointer exactly.
    expect(centreOf(moveBlock(start, { x: 3.3, y: -1.2 }, 0, map))).toEqual({ x: 265.3, y: 124.8 });
  });

  it('never leaves the map: a drag past the edge stops with the seats on it', () => {
    const moved = moveBlock(blockA(), { x: -1000, y: 5000 }, 10, map);
    const box = boxOf(moved);
    expect(box.x0).toBeCloseTo(0, 5);
    expect(box.y1).toBeCloseTo(400, 5);
    expect(venueLayoutSchema.safeParse(toLayout({ ...fromLayout(layout), blocks: [moved] })).success).toBe(true);
  });
});

describe('venue editor: turning blocks', () => {
  it('turns the seats about the middle of the block (90°: rows become columns)', () => {
    const turned = rotateBlock(blockA(), 90, map);
    expect(turned.angle).toBe(90);
    // (250,120) is 12 left and 6 above the middle (262,126): turned clockwise on screen it is 12 above and 6 right.
    expect(seatsOf(turned)[0]).toEqual(['1', '1', 268, 114]);
    expect(seatsOf(turned)[5]).toEqual(['2', '3', 256, 138]);
    expect(centreOf(turned)).toEqual(centreOf(blockA()));
  });

  it('turning back and forth gives the seats back exactly; [ then ] is no change', () => {
    let block = blockA();
    for (let i = 0; i < 7; i++) block = rotateBlock(block, 15, map);
    for (let i = 0; i < 7; i++) block = rotateBlock(block, -15, map);
    expect(block.angle).toBe(0);
    expect(seatsOf(block)).toEqual(seatsOf(blockA()));
    expect(rotateBlock(blockA(), -15, map).angle).toBe(345);
  });

  it('a turn near the edge slides the block back onto the map', () => {
    const tall: LayoutJson = { ...layout, sections: [{ ...layout.sections[0], rows: [{ label: '1', seats: Array.from({ length: 20 }, (_, k) => ({ label: String(k + 1), x: 100 + k * 12, y: 10 })) }] }] };
    const turned = rotateBlock(fromLayout(tall).blocks[0], 90, map);
    expect(boxOf(turned).y0).toBeGreaterThanOrEqual(-0.05);
  });
});

describe('venue editor: the saved layout', () => {
  it('saves each seat where the editor shows it, with the same labels (so seats keep their ids and sales)', () => {
    const editor: EditorLayout = fromLayout(layout);
    editor.blocks[0] = rotateBlock(moveBlock(editor.blocks[0], { x: 100, y: 50 }, 10, map), 90, map);
    const saved = toLayout(editor);
    const parsed = venueLayoutSchema.parse(saved);
    expect(parsed.sections[0].code).toBe('A');
    expect(parsed.sections[0].rows.map((r) => r.seats.map((s) => s.label))).toEqual([['1', '2', '3'], ['1', '2', '3']]);
    expect(parsed.sections[0].rows[0].seats[0]).toEqual({ label: '1', x: 366, y: 168 }); // middle (360, 180), (-12, -6) turned to (6, -12)
  });

  it("puts a block's code beside its seats, never over them or another block's", () => {
    const editor = fromLayout(layout);
    // A second block right above the first: the label goes below A instead.
    const above = { ...blockA(), code: 'B', rows: blockA().rows.map((r) => ({ ...r, seats: r.seats.map((s) => ({ ...s, y: s.y - 26 })) })) };
    editor.blocks.push(above);
    const points = labelPoints(editor.blocks, editor);
    const boxes = editor.blocks.map((b) => boxOf(b));
    editor.blocks.forEach((b, i) => {
      const label = labelBox(b.code, points[i]);
      for (const box of boxes) expect(label.x1 <= box.x0 || label.x0 >= box.x1 || label.y1 <= box.y0 || label.y0 >= box.y1).toBe(true);
    });
    const saved = toLayout(editor);
    expect(saved.sections[0].labelY).toBeGreaterThan(132 + SEAT_RADIUS);
  });

  it('a new block is made by the same geometry as the server’s, in the middle of the map, snapped', () => {
    const block = newBlock({ code: 'N', name, rows: 3, seatsPerRow: 4, curve: 0 }, { x: 300, y: 200 }, 10, map);
    expect(centreOf(block)).toEqual({ x: 300, y: 200 });
    const rows = placedRows(block);
    expect(rows).toHaveLength(3);
    expect(rows[0].seats.map((s) => s.x)).toEqual([282, 294, 306, 318]);
    expect(rows[1].seats[0].y - rows[0].seats[0].y).toBe(12);
  });

  it('finds blocks drawn over each other', () => {
    const editor = fromLayout(layout);
    editor.blocks.push({ ...blockA(), code: 'B', dx: 6, dy: 0 });
    expect(overlapping(editor.blocks)).toEqual([['A', 'B']]);
    editor.blocks[1] = { ...editor.blocks[1], dx: 60 };
    expect(overlapping(editor.blocks)).toEqual([]);
  });
});

describe('venue editor: the outline', () => {
  it('a football pitch keeps its 105 × 68 shape, centred on the map, and is a valid outline', () => {
    const pitch = outlinePreset('football', map, { sk: 'Ihrisko', cs: 'Hřiště', en: 'Pitch' }, 10);
    expect(pitch.kind).toBe('rect');
    if (pitch.kind !== 'rect') return;
    expect(pitch.width / pitch.height).toBeCloseTo(105 / 68, 1);
    expect(Math.abs(pitch.x + pitch.width / 2 - 300)).toBeLessThanOrEqual(10);
    expect(venueLayoutSchema.safeParse({ ...layout, outline: [pitch] }).success).toBe(true);
    const rink = outlinePreset('rink', map, { sk: 'Klzisko', cs: 'Kluziště', en: 'Ice rink' }, 10);
    expect(rink.kind === 'rect' && rink.radius).toBeGreaterThan(0);
  });

  it('moves and resizes on the grid, never off the map', () => {
    const stage = { kind: 'rect' as const, x: 200, y: 20, width: 200, height: 60 };
    expect(moveShape(stage, { x: 13, y: 7 }, 10, map)).toMatchObject({ x: 210, y: 30 });
    expect(moveShape(stage, { x: 1000, y: -100 }, 10, map)).toMatchObject({ x: 400, y: 0 });
    expect(resizeShape(stage, { x: 38, y: -100 }, 10, map)).toMatchObject({ width: 240, height: 10 });
    const polygon = { kind: 'polygon' as const, points: [[100, 100], [200, 100], [150, 200]] as [number, number][] };
    expect(resizeShape(polygon, { x: 100, y: 0 }, 10, map)).toEqual({ kind: 'polygon', points: [[100, 100], [300, 100], [200, 200]] });
  });
});
