// Seat layouts drawn in an SVG viewBox: stands around a pitch or a rink, rows counted outward.
import type { VenueOutlineShape } from '../schema';

export type SeatSpec = { label: string; x: number; y: number };
export type RowSpec = { label: string; seats: SeatSpec[] };
export type SectionSpec = {
  code: string;
  name: { sk: string; cs: string; en: string };
  /** Price category code of the event that sells this section. */
  category: string;
  labelX: number;
  labelY: number;
  rows: RowSpec[];
};
export type LayoutSpec = { width: number; height: number; sections: SectionSpec[] };

const GAP = 12;

type Block = {
  code: string;
  name: SectionSpec['name'];
  category: string;
  rows: number;
  seats: number;
  /** Seat 1 of row 1. */
  origin: { x: number; y: number };
  /** Direction along a row and direction outward from the field. */
  along: { x: number; y: number };
  outward: { x: number; y: number };
};

function block(b: Block): SectionSpec {
  const rows: RowSpec[] = [];
  for (let r = 0; r < b.rows; r++) {
    const seats: SeatSpec[] = [];
    for (let s = 0; s < b.seats; s++) {
      seats.push({
        label: String(s + 1),
        x: b.origin.x + b.along.x * s * GAP + b.outward.x * r * GAP,
        y: b.origin.y + b.along.y * s * GAP + b.outward.y * r * GAP,
      });
    }
    rows.push({ label: String(r + 1), seats });
  }
  const xs = rows.flatMap((row) => row.seats.map((s) => s.x));
  const ys = rows.flatMap((row) => row.seats.map((s) => s.y));
  return {
    code: b.code,
    name: b.name,
    category: b.category,
    labelX: (Math.min(...xs) + Math.max(...xs)) / 2,
    labelY: (Math.min(...ys) + Math.max(...ys)) / 2,
    rows,
  };
}

const n = (sk: string, cs: string, en: string) => ({ sk, cs, en });

/** Football stadium: 1,040 seats in 8 sections around a 420 × 240 pitch. */
export function stadiumLayout(): LayoutSpec {
  const long = { rows: 10, seats: 16 };
  const end = { rows: 10, seats: 10 };
  return {
    width: 1000,
    height: 720,
    sections: [
      block({ code: 'A1', name: n('Hlavná tribúna A1', 'Hlavní tribuna A1', 'Main stand A1'), category: 'A', ...long, origin: { x: 308, y: 226 }, along: { x: 1, y: 0 }, outward: { x: 0, y: -1 } }),
      block({ code: 'A2', name: n('Hlavná tribúna A2', 'Hlavní tribuna A2', 'Main stand A2'), category: 'A', ...long, origin: { x: 512, y: 226 }, along: { x: 1, y: 0 }, outward: { x: 0, y: -1 } }),
      block({ code: 'B1', name: n('Protiľahlá tribúna B1', 'Protější tribuna B1', 'Opposite stand B1'), category: 'B', ...long, origin: { x: 308, y: 494 }, along: { x: 1, y: 0 }, outward: { x: 0, y: 1 } }),
      block({ code: 'B2', name: n('Protiľahlá tribúna B2', 'Protější tribuna B2', 'Opposite stand B2'), category: 'B', ...long, origin: { x: 512, y: 494 }, along: { x: 1, y: 0 }, outward: { x: 0, y: 1 } }),
      block({ code: 'C1', name: n('Sever C1', 'Sever C1', 'North end C1'), category: 'C', ...end, origin: { x: 276, y: 248 }, along: { x: 0, y: 1 }, outward: { x: -1, y: 0 } }),
      block({ code: 'C2', name: n('Sever C2', 'Sever C2', 'North end C2'), category: 'C', ...end, origin: { x: 276, y: 368 }, along: { x: 0, y: 1 }, outward: { x: -1, y: 0 } }),
      block({ code: 'D1', name: n('Juh D1', 'Jih D1', 'South end D1'), category: 'C', ...end, origin: { x: 724, y: 248 }, along: { x: 0, y: 1 }, outward: { x: 1, y: 0 } }),
      block({ code: 'D2', name: n('Juh D2', 'Jih D2', 'South end D2'), category: 'C', ...end, origin: { x: 724, y: 368 }, along: { x: 0, y: 1 }, outward: { x: 1, y: 0 } }),
    ],
  };
}

/** Hockey arena: 608 seats in 6 sections around the rink (standing places are sold separately). */
export function arenaLayout(): LayoutSpec {
  const side = { rows: 8, seats: 14 };
  const end = { rows: 8, seats: 10 };
  return {
    width: 900,
    height: 600,
    sections: [
      block({ code: '101', name: n('Sektor 101', 'Sektor 101', 'Block 101'), category: 'MID', ...side, origin: { x: 290, y: 190 }, along: { x: 1, y: 0 }, outward: { x: 0, y: -1 } }),
      block({ code: '102', name: n('Sektor 102', 'Sektor 102', 'Block 102'), category: 'MID', ...side, origin: { x: 470, y: 190 }, along: { x: 1, y: 0 }, outward: { x: 0, y: -1 } }),
      block({ code: '103', name: n('Sektor 103', 'Sektor 103', 'Block 103'), category: 'MID', ...side, origin: { x: 290, y: 410 }, along: { x: 1, y: 0 }, outward: { x: 0, y: 1 } }),
      block({ code: '104', name: n('Sektor 104', 'Sektor 104', 'Block 104'), category: 'MID', ...side, origin: { x: 470, y: 410 }, along: { x: 1, y: 0 }, outward: { x: 0, y: 1 } }),
      block({ code: '105', name: n('Sektor 105', 'Sektor 105', 'Block 105'), category: 'END', ...end, origin: { x: 262, y: 246 }, along: { x: 0, y: 1 }, outward: { x: -1, y: 0 } }),
      block({ code: '106', name: n('Sektor 106', 'Sektor 106', 'Block 106'), category: 'END', ...end, origin: { x: 638, y: 246 }, along: { x: 0, y: 1 }, outward: { x: 1, y: 0 } }),
    ],
  };
}

/** The football pitch between the stadium's stands. */
export function pitchOutline(): VenueOutlineShape[] {
  return [{ kind: 'rect', x: 290, y: 240, width: 420, height: 240, label: n('Ihrisko', 'Hřiště', 'Pitch') }];
}

/** The ice rink inside the arena's stands (rounded corners). */
export function rinkOutline(): VenueOutlineShape[] {
  return [{ kind: 'rect', x: 280, y: 205, width: 350, height: 190, radius: 60, label: n('Ľadová plocha', 'Ledová plocha', 'Rink') }];
}

/** A concert hall's stage at the top of an 800 × 500 map. */
export function hallStage(): VenueOutlineShape[] {
  return [{ kind: 'rect', x: 250, y: 30, width: 300, height: 80, radius: 8, label: n('Pódium', 'Pódium', 'Stage') }];
}
