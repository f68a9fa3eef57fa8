/**
 * Test and benchmark truth from ../shared/data: the City of Miami trolley stops (GTFS), each with its real
 * coordinates and, for many, the one grid street or avenue it stands on ("NW 36 St", "SW 27 Ave (NB)").
 *
 * The stops are split once, by stop id, into a calibration half (what the grid model's knots were fitted on,
 * bench/text/calibrate-grid.ts) and an evaluation half (what the grid test and the street-sign benchmark measure
 * against), so no figure is measured on the points that shaped the model. Never read at run time.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseGridName, type GridName } from '../geo/grid';
import { SHARED_DATA_DIR } from './shared-geodata';

export type TrolleyStop = {
  id: string;
  name: string;
  lat: number;
  lng: number;
  line: GridName;
  half: 'calibration' | 'evaluation';
};

/** A stable split: the low bit of a small hash of the stop id. */
function halfOf(id: string): TrolleyStop['half'] {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h & 1 ? 'evaluation' : 'calibration';
}

/** Stops that stand on one county grid line, with their half. */
export function trolleyStopsOnGridLines(): TrolleyStop[] {
  const text = readFileSync(resolve(SHARED_DATA_DIR, 'geo/gtfs-city-of-miami-trolley/stops.txt'), 'utf8');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const cols = header!.split(',');
  const [iId, iName, iLat, iLon] = ['stop_id', 'stop_desc', 'stop_lat', 'stop_lon'].map((c) => cols.indexOf(c));
  const out: TrolleyStop[] = [];
  for (const row of lines) {
    const f = row.split(',');
    const line = parseGridName(f[iName!]!);
    if (!line) continue;
    const id = f[iId!]!;
    out.push({ id, name: f[iName!]!, lat: Number(f[iLat!]), lng: Number(f[iLon!]), line, half: halfOf(id) });
  }
  return out;
}
