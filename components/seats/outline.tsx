import { memo } from 'react';
import type { MapOutlineShape } from '@/lib/seats/layout';

/** Where a shape's label goes: its middle. */
function centreOf(shape: MapOutlineShape): { x: number; y: number } {
  if (shape.kind === 'rect') return { x: shape.x + shape.width / 2, y: shape.y + shape.height / 2 };
  if (shape.kind === 'ellipse') return { x: shape.cx, y: shape.cy };
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
}

/** The pitch, rink or stage under the seats, with its label: decoration only (the map's own label says where the seats are). */
/** `labelSize`: the label's font size in map units (the fan's map passes one that keeps it readable at every zoom). */
export function OutlineShapes({ shapes, labelSize = 18 }: { shapes: readonly MapOutlineShape[] | undefined; labelSize?: number }) {
  if (!shapes?.length) return null;
  return (
    <g aria-hidden="true" pointerEvents="none" data-testid="venue-outline">
      {shapes.map((shape, i) => {
        const common = { fill: '#dcfce7', stroke: '#15803d', strokeWidth: 2, opacity: 0.9 };
        const centre = centreOf(shape);
        return (
          <g key={i}>
            {shape.kind === 'rect' && <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} rx={shape.radius} {...common} />}
            {shape.kind === 'ellipse' && <ellipse cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} {...common} />}
            {shape.kind === 'polygon' && <polygon points={shape.points.map((p) => p.join(',')).join(' ')} {...common} />}
            {shape.label && (
              <text x={centre.x} y={centre.y} textAnchor="middle" dominantBaseline="middle" fontSize={labelSize} fontWeight={700} fill="#14532d">
                {shape.label}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

/** OutlineShapes for the fan's map, drawn once. */
export const VenueOutline = memo(OutlineShapes);
