import type { Evidence, IndexCheckWitness, LatLng } from '@vt/shared';
import { SOURCE_LABEL } from '../../engine/pipeline/fuse';
import { haversineMeters } from '../../engine/geo/geometry';
import { findPlacesInText } from '../../engine/geo/gazetteer';
import { reverseGeocode } from '../../engine/geo/reverse-geocode';
import { isInMiamiDade } from '../../engine/geo/county';

/**
 * A named place in the gazetteer is one point; parks, beaches and campuses reach about this far from it.
 * A point farther than this from the place its name mentions is not that place.
 */
export const NAMED_PLACE_EXTENT_M = 1500;

/** The locators whose evidence made the item's source ("GPS Metadata + Text in Photo" → metadata, text). */
export function producersOf(source: string): Set<string> {
  const byLabel = new Map(Object.entries(SOURCE_LABEL).map(([locator, label]) => [label, locator]));
  return new Set(
    source
      .split(' + ')
      .map((s) => byLabel.get(s.trim()))
      .filter((x): x is string => Boolean(x)),
  );
}

const label = (locator: string) => SOURCE_LABEL[locator] ?? locator;
const km = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`);

/**
 * What one locator's evidence says about the claimed point. A finding agrees when the point lies within the
 * larger of the two radii (the fusion's own rule); rejected or absent evidence has no say (agrees null).
 */
export function witnessOf(e: Evidence, claim: LatLng, claimRadiusM: number): IndexCheckWitness {
  if ((e.kind === 'position' || e.kind === 'outside_coverage') && e.position) {
    const d = haversineMeters(claim, e.position);
    return {
      source: label(e.locator),
      summary: e.summary,
      distanceMeters: Math.round(d),
      agrees: d <= Math.max(e.radiusMeters ?? 0, claimRadiusM),
    };
  }
  return { source: label(e.locator), summary: e.summary, distanceMeters: null, agrees: null };
}

/** Areas (neighbourhoods, Census places) are a few kilometres across; their gazetteer point is a centre. */
export const NAMED_AREA_EXTENT_M = 3000;

/**
 * A hand-added item has no photo; the only evidence independent of the typed coordinates is its name. Every
 * gazetteer place the name mentions is a witness: a city agrees when the point lies in it (reverse
 * geocoding), a neighbourhood when the point is in it or near its centre, any other place when the point is
 * within NAMED_PLACE_EXTENT_M of it. Streets are too long to say anything and are left out.
 */
export function nameWitnesses(name: string, claim: LatLng): IndexCheckWitness[] {
  const mentions = findPlacesInText(name).filter((m) => m.entry.kind !== 'street');
  // "Coral Gables City Hall" names the city too; the most specific mention is enough when there is one.
  const specific = mentions.filter((m) => m.entry.kind !== 'municipality-centre');
  const used = specific.length ? specific : mentions;
  const here = reverseGeocode(claim);
  return used.map((m) => {
    const d = haversineMeters(claim, m.entry.position);
    const base = { source: 'Gazetteer', distanceMeters: Math.round(d) };
    if (m.entry.kind === 'municipality-centre') {
      const agrees = here.municipality === m.entry.municipality;
      return {
        ...base,
        summary: agrees
          ? `The name mentions ${m.entry.name}, and the point lies in ${m.entry.municipality}.`
          : `The name mentions ${m.entry.name}, but the point lies in ${here.municipality}.`,
        agrees,
      };
    }
    if (m.entry.kind === 'neighbourhood' || m.entry.kind === 'unincorporated-place') {
      const inside = [here.neighbourhood, here.district, here.unincorporatedPlace].includes(m.entry.name);
      return {
        ...base,
        summary: `The name mentions ${m.entry.name}; the point is ${inside ? 'in it' : `${km(d)} from its centre`}.`,
        agrees: inside || d <= NAMED_AREA_EXTENT_M,
      };
    }
    return {
      ...base,
      summary: `The name mentions ${m.entry.name}, which is ${km(d)} from the point.`,
      agrees: d <= NAMED_PLACE_EXTENT_M,
    };
  });
}

export type Verdict = { outcome: 'verified' | 'contradicted' | 'unverifiable'; message: string };

/**
 * The verdict from independent witnesses: verified when one agrees and no disagreeing one is more confident
 * (witness confidence is the locator's own; a gazetteer match counts fully); contradicted when the
 * disagreeing evidence outweighs; unverifiable when nothing independent has a position, with the reasons.
 */
export function judge(
  witnesses: readonly (IndexCheckWitness & { confidence?: number })[],
  claim: LatLng,
  noEvidenceReasons: readonly string[],
): Verdict {
  if (!isInMiamiDade(claim))
    return {
      outcome: 'contradicted',
      message: 'The point lies outside Miami-Dade County, which Vision Terminal covers.',
    };
  const strongest = (agrees: boolean) =>
    witnesses.filter((w) => w.agrees === agrees).sort((a, b) => (b.confidence ?? 1) - (a.confidence ?? 1))[0];
  const yes = strongest(true);
  const no = strongest(false);
  if (yes && (!no || (yes.confidence ?? 1) >= (no.confidence ?? 1)))
    return {
      outcome: 'verified',
      message: `Verified: ${yes.source} agrees${yes.distanceMeters !== null ? ` (${km(yes.distanceMeters)} away)` : ''}. ${yes.summary}`,
    };
  if (no)
    return {
      outcome: 'contradicted',
      message: `Not verified: ${no.source} places it ${km(no.distanceMeters ?? 0)} away. ${no.summary}`,
    };
  return {
    outcome: 'unverifiable',
    message: `Not verified: no evidence independent of the source (${noEvidenceReasons.join(' ') || 'none was found'}).`,
  };
}
