import type { ReactNode } from 'react';
import { DOWNTOWN_MIAMI, MIAMI_DADE_BOX, type Candidate, type LatLng } from '@vt/shared';
import { useCountyOutline } from '../api';
import { formatLatLng } from '../format';
import { boxOf, fitProjection, outlinePath, previewFrame, type Box } from '../preview';

const WIDTH = 320;
const HEIGHT = 360;

/** The spec's Miami-Dade box, drawn when the outline cannot be had: a frame, honestly labelled. */
const SPEC_BOX: Box = {
  minLng: MIAMI_DADE_BOX.minLng,
  minLat: MIAMI_DADE_BOX.minLat,
  maxLng: MIAMI_DADE_BOX.maxLng,
  maxLat: MIAMI_DADE_BOX.maxLat,
};

/**
 * A static location preview (no map library): the county outline, the located point, its uncertainty circle,
 * the other candidates and downtown Miami for reference.
 */
export function LocationPreview({
  point,
  radiusMeters,
  candidates,
  name,
  area = false,
}: {
  point: LatLng;
  radiusMeters: number | null;
  candidates: Candidate[];
  name: string;
  /** Nothing located the photo: draw the whole area it could be in, without a dot for a spot nobody found. */
  area?: boolean;
}) {
  const outline = useCountyOutline();
  if (outline.isPending) {
    return (
      <div
        className="aspect-[8/9] w-full animate-pulse rounded-lg bg-raised motion-reduce:animate-none"
        aria-label="Loading preview"
      />
    );
  }
  const countyBox = outline.data ? boxOf(outline.data) : SPEC_BOX;
  const { box, pointInFrame } = previewFrame(countyBox, point);
  const projection = fitProjection(box, WIDTH, HEIGHT);
  const p = projection.project(point);
  const downtown = projection.project(DOWNTOWN_MIAMI);
  const radiusPx = radiusMeters ? projection.metersToPx(radiusMeters) : 0;
  // The other candidates, numbered as on the map (2, 3, …), each with its probability; the first is the answer.
  const others = candidates.slice(1, 5).map((c, i) => ({ ...projection.project(c), n: i + 2, c }));
  const frame = projection.project({ lat: countyBox.maxLat, lng: countyBox.minLng });
  const frameEnd = projection.project({ lat: countyBox.minLat, lng: countyBox.maxLng });

  return (
    <figure className="w-full">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={
          area
            ? `Preview: not located; the search area around ${formatLatLng(point.lat, point.lng)}`
            : `Preview: ${name} at ${formatLatLng(point.lat, point.lng)}${pointInFrame ? '' : ', far outside Miami-Dade County'}`
        }
        className="w-full rounded-lg border border-line bg-[#0c1118]"
        data-testid="location-preview"
      >
        {outline.data ? (
          <path
            d={outlinePath(outline.data, projection)}
            fill="#5cc8ff14"
            stroke="#5cc8ff"
            strokeOpacity="0.55"
            strokeWidth="1.2"
          />
        ) : (
          <rect
            x={frame.x}
            y={frame.y}
            width={frameEnd.x - frame.x}
            height={frameEnd.y - frame.y}
            fill="none"
            stroke="#5cc8ff"
            strokeOpacity="0.5"
            strokeDasharray="4 4"
          />
        )}
        <g aria-hidden="true">
          <circle cx={downtown.x} cy={downtown.y} r="2.5" fill="#a9b3c1" />
          <text x={downtown.x - 6} y={downtown.y + 14} fill="#a9b3c1" fontSize="10" textAnchor="end">
            Downtown
          </text>
        </g>
        {others.map((o) => (
          <g key={o.n} data-testid="preview-candidate">
            <title>{`Candidate ${o.n}: ${o.c.label}, ${Math.round(o.c.probability * 100)}%`}</title>
            <circle cx={o.x} cy={o.y} r="7" fill="#0c1118" stroke="#ffb454" strokeWidth="1.2" />
            <text x={o.x} y={o.y + 3} fill="#ffb454" fontSize="9" fontWeight="700" textAnchor="middle">
              {o.n}
            </text>
            <PointLabel x={o.x} y={o.y + 3} fill="#e6edf3">
              {Math.round(o.c.probability * 100)}%
            </PointLabel>
          </g>
        ))}
        {pointInFrame && (
          <g>
            {radiusPx >= 3 && (
              <circle
                cx={p.x}
                cy={p.y}
                r={Math.min(radiusPx, WIDTH)}
                fill="#ffb45422"
                stroke="#ffb454"
                strokeOpacity="0.7"
                strokeDasharray={area ? '5 4' : undefined}
                data-testid={area ? 'preview-area' : undefined}
              />
            )}
            {!area && (
              <circle
                cx={p.x}
                cy={p.y}
                r="6"
                fill="#ffb454"
                stroke="#0a0d12"
                strokeWidth="2"
                data-testid="preview-point"
              />
            )}
            {!area && others.length > 0 && candidates[0] && (
              <PointLabel x={p.x} y={p.y - 8} fill="#ffb454" bold>
                1 · {Math.round(candidates[0].probability * 100)}%
              </PointLabel>
            )}
          </g>
        )}
      </svg>
      <figcaption className="mt-2 text-xs leading-relaxed text-subtle">
        {outline.data
          ? 'Miami-Dade County outline (US Census, simplified; beaches and islands may sit just off it).'
          : 'County outline unavailable: the frame is the Miami-Dade coordinate box.'}{' '}
        {!pointInFrame && <span className="text-warm">The photo’s place is too far away to draw here.</span>}
        {area && <span className="text-warm">Not located: the dashed circle is the whole area it could be in.</span>}
        {others.length > 0 && (
          <span>Numbered rings are the other places the evidence points to, each with its probability.</span>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * A label beside a point at `x`: to its right, or to its left near the right edge so it stays inside the frame;
 * a dark halo keeps it readable over the outline.
 */
function PointLabel({
  x,
  y,
  fill,
  bold = false,
  children,
}: {
  x: number;
  y: number;
  fill: string;
  bold?: boolean;
  children: ReactNode;
}) {
  const left = x > WIDTH - 60;
  return (
    <text
      x={left ? x - 10 : x + 10}
      y={y}
      textAnchor={left ? 'end' : 'start'}
      fill={fill}
      fontSize="10"
      fontWeight={bold ? '700' : undefined}
      stroke="#0c1118"
      strokeWidth="3"
      paintOrder="stroke"
    >
      {children}
    </text>
  );
}
