import PDFDocument from 'pdfkit';
import {
  formatMegabytes,
  standingOfOutcome,
  type EvidenceReport,
  type Outcome,
  type ReportEvidence,
  type ReportImage,
} from '@vt/shared';
import { closeUpHalfMeters, contains, countyView, drawMap, viewAround } from './report-map';
import { pdfText } from './pdf-text';

/**
 * The evidence report as PDF (R-REPORT-1): the same object the JSON route answers, laid out for print with PDFKit's
 * built-in Helvetica and Courier (no font files, no network), A4, numbered pages.
 */

const MARGIN = 48;
const INK = '#1d232a';
const MUTED = '#5b6570';
const ACCENT = '#0a6aa1';
const WARN = '#9a5b00';
const DANGER = '#b42318';
const RULE = '#d5dae0';

const OUTCOME_LABEL: Record<Outcome, string> = {
  found: 'Found',
  outside_coverage: 'Outside Miami-Dade',
  fallback: 'Not located',
  failed: 'Not located: analysis failed',
  error: 'Not located: error',
};

const LOCATOR_LABEL: Record<string, string> = {
  metadata: 'GPS metadata',
  text: 'Text in the photo',
  gallery: 'Known-place gallery',
  'vision-model': 'Vision model',
};

const KIND_LABEL: Record<string, string> = {
  position: 'located',
  outside_coverage: 'outside coverage',
  rejected: 'rejected',
  absent: 'nothing found',
};

const pct = (x: number) => `${Math.round(Math.min(1, Math.max(0, x)) * 100)}%`;
const radius = (m: number | null | undefined) =>
  m === null || m === undefined || !Number.isFinite(m)
    ? 'unknown'
    : m < 1000
      ? `±${Math.max(1, Math.round(m))} m`
      : `±${(m / 1000).toFixed(1)} km`;
const latLng = (p: { lat: number; lng: number }, decimals = 6) =>
  `${p.lat.toFixed(decimals)}, ${p.lng.toFixed(decimals)}`;
/** An instant as ISO 8601 in UTC, to the millisecond: the server's record, not the reader's zone. */
const utc = (iso: string | null) => (iso ? iso.replace('T', ' ').replace('Z', ' UTC') : 'not recorded');

type Doc = PDFKit.PDFDocument;

/** Lays out sections top to bottom, starting a page when the next block would not fit. */
class Writer {
  readonly width: number;
  constructor(readonly doc: Doc) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  get bottom(): number {
    return this.doc.page.height - MARGIN;
  }

  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(title: string): void {
    this.ensure(60);
    const { doc } = this;
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(pdfText(title.toUpperCase()), MARGIN, doc.y, {
      characterSpacing: 0.6,
    });
    const y = doc.y + 2;
    doc
      .lineWidth(0.5)
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .stroke(RULE);
    doc.y = y + 6;
  }

  paragraph(text: string, opts: { size?: number; color?: string; font?: string } = {}): void {
    const { doc } = this;
    doc
      .font(opts.font ?? 'Helvetica')
      .fontSize(opts.size ?? 9)
      .fillColor(opts.color ?? INK);
    const t = pdfText(text);
    this.ensure(Math.min(doc.heightOfString(t, { width: this.width }), 120));
    doc.text(t, MARGIN, doc.y, { width: this.width, lineGap: 1.5 });
  }

  /** Label and value rows; `mono` values (hashes, coordinates) in Courier. */
  rows(rows: ReadonlyArray<readonly [string, string, { mono?: boolean; color?: string }?]>, labelWidth = 128): void {
    const { doc } = this;
    const valueX = MARGIN + labelWidth + 8;
    const valueWidth = this.width - labelWidth - 8;
    for (const [label, value, style] of rows) {
      const v = pdfText(value);
      const font = style?.mono ? 'Courier' : 'Helvetica';
      doc.font(font).fontSize(style?.mono ? 8.5 : 9);
      const h = Math.max(doc.heightOfString(v, { width: valueWidth }), 11);
      this.ensure(h + 3);
      const y = doc.y;
      doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(pdfText(label), MARGIN, y, { width: labelWidth });
      doc
        .font(font)
        .fontSize(style?.mono ? 8.5 : 9)
        .fillColor(style?.color ?? INK)
        .text(v, valueX, y, { width: valueWidth });
      doc.y = Math.max(doc.y, y + h) + 3;
    }
  }
}

/**
 * Draws a report image fitted inside `w` × `h` points at (x, y), from the JSON's own data URL: the PDF embeds the very
 * JPEG bytes the JSON carries (PDFKit keeps a JPEG as it is, and embeds a repeated one once). Answers its size.
 */
function drawImage(doc: Doc, image: ReportImage, x: number, y: number, w: number, h: number) {
  const scale = Math.min(w / image.width, h / image.height);
  const size = { width: image.width * scale, height: image.height * scale };
  doc.image(image.dataUrl, x, y, size);
  doc.lineWidth(0.4).rect(x, y, size.width, size.height).stroke(RULE);
  return size;
}

/** Renders `report` as a PDF. `compress: false` leaves the page text readable in the bytes (tests). */
export function renderReportPdf(report: EvidenceReport, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const title = report.result?.name ?? (report.analysis.status === 'failed' ? 'Analysis failed' : 'No place found');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: opts.compress ?? true,
    info: {
      Title: pdfText(`Evidence report: ${title}`),
      Author: 'Vision Terminal',
      Subject: `Analysis ${report.analysis.id}; file SHA-256 ${report.file.sha256 ?? 'none'}`,
      Keywords: `evidence report, ${report.analysis.id}, ${report.file.sha256 ?? ''}`,
      CreationDate: new Date(report.generatedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc);

  header(w, report, title);
  photoBlock(w, report);
  fileSection(w, report);
  metadataSection(w, report);
  resultSection(w, report);
  candidatesSection(w, report);
  evidenceSection(w, report);
  versionsSection(w, report);
  eventsSection(w, report);
  w.heading('How to verify');
  w.paragraph(report.verification);
  w.paragraph(`The events' hashes: ${report.events.rule} The JSON report holds every event's data to check them.`, {
    size: 8,
    color: MUTED,
  });
  footers(doc, report);
  doc.end();
  return done;
}

function header(w: Writer, r: EvidenceReport, title: string): void {
  const { doc } = w;
  doc.font('Helvetica-Bold').fontSize(8).fillColor(ACCENT).text('VISION TERMINAL  ·  EVIDENCE REPORT', MARGIN, MARGIN, {
    characterSpacing: 1.2,
  });
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(pdfText(title), { width: w.width });
  doc.moveDown(0.2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(pdfText(`Analysis ${r.analysis.id}  ·  generated ${utc(r.generatedAt)}`), { width: w.width });
  if (r.analysis.status === 'failed') {
    doc.moveDown(0.5);
    w.paragraph(
      `This analysis failed${r.error ? `: ${r.error.message}` : '.'} The report shows what was recorded up to then.`,
      { color: DANGER },
    );
  }
}

/** The analysed photo near the top, with what it is beside it; or, without one, why (R-REPORT-5). */
function photoBlock(w: Writer, r: EvidenceReport): void {
  const { doc } = w;
  doc.moveDown(0.6);
  const { image, note } = r.photo;
  if (!image) {
    w.paragraph(note, { size: 8.5, color: MUTED });
    return;
  }
  const maxW = 220;
  const maxH = 165;
  w.ensure(maxH + 8);
  const y = doc.y;
  const size = drawImage(doc, image, MARGIN, y, maxW, maxH);
  const textX = MARGIN + size.width + 12;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      pdfText(`${note} ${image.width} × ${image.height} pixels here; ${r.file.width} × ${r.file.height} as received.`),
      textX,
      y,
      {
        width: MARGIN + w.width - textX,
      },
    );
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, y + size.height) + 4;
}

function fileSection(w: Writer, r: EvidenceReport): void {
  const f = r.file;
  w.heading('The file as received');
  if (!f.sha256)
    w.paragraph('No file was received for this analysis: its result was recorded from elsewhere.', { color: WARN });
  w.rows([
    ['File name', f.fileName],
    ['SHA-256', f.sha256 ?? 'none (no file received)', { mono: true }],
    ['Size', `${f.byteSize.toLocaleString('en-US')} bytes (${formatMegabytes(f.byteSize)})`],
    ['Format', `${f.format} (${f.mimeType}), ${f.width} × ${f.height} pixels`],
    ['Received (server clock)', utc(f.receivedAt), { mono: true }],
    ['Received from', `${f.receivedBy.name} <${f.receivedBy.email}>`],
    ['Original still stored', f.originalKept ? 'yes' : 'no (only derivatives are kept; the hash above stands)'],
  ]);
}

function metadataSection(w: Writer, r: EvidenceReport): void {
  w.heading('Camera and time, from the photo’s metadata');
  const m = r.metadata;
  if (!m) {
    w.paragraph('The metadata was not read (no file was analysed here).', { color: MUTED });
    return;
  }
  w.rows([
    ['Camera make', m.make ?? 'not recorded'],
    ['Camera model', m.model ?? 'not recorded'],
    ['Taken at', m.takenAt ?? 'not recorded', { mono: Boolean(m.takenAt) }],
    ...(m.readError ? ([['Read error', m.readError, { color: WARN }]] as const) : []),
  ]);
  w.rows(gpsRows(m.gps));
}

/** The GPS block as read: its status and what it said. */
function gpsRows(gps: Record<string, unknown> | null): Array<[string, string, { mono?: boolean }?]> {
  if (!gps) return [['GPS', 'not read']];
  const status = String(gps.status ?? 'unknown');
  const rows: Array<[string, string, { mono?: boolean }?]> = [
    ['GPS', status === 'ok' ? 'present and used' : status === 'absent' ? 'none in the photo' : status],
  ];
  const position = gps.position as { lat?: unknown; lng?: unknown } | undefined;
  if (position && typeof position.lat === 'number' && typeof position.lng === 'number')
    rows.push(['GPS position', latLng({ lat: position.lat, lng: position.lng }), { mono: true }]);
  if (typeof gps.accuracyMeters === 'number') rows.push(['GPS accuracy', `${gps.accuracyMeters} m`]);
  if (typeof gps.altitudeMeters === 'number') rows.push(['Altitude', `${gps.altitudeMeters} m`]);
  if (typeof gps.directionDegrees === 'number')
    rows.push(['Direction', `${gps.directionDegrees}° (${String(gps.directionRef ?? 'reference unknown')} north)`]);
  if (typeof gps.precision === 'string') rows.push(['Precision', gps.precision]);
  if (typeof gps.source === 'string') rows.push(['Read from', gps.source.toUpperCase()]);
  if (typeof gps.reason === 'string') rows.push(['Why not used', `${gps.reason}: ${String(gps.detail ?? '')}`]);
  const taken = gps.takenAt as { local?: unknown; offset?: unknown } | undefined;
  if (taken && typeof taken.local === 'string')
    rows.push(['Camera clock', `${taken.local}${typeof taken.offset === 'string' ? ` (UTC${taken.offset})` : ''}`]);
  if (Array.isArray(gps.notes) && gps.notes.length) rows.push(['Notes', gps.notes.map(String).join(' ')]);
  return rows;
}

function resultSection(w: Writer, r: EvidenceReport): void {
  w.heading('Result');
  const res = r.result;
  if (!res) {
    w.paragraph('The analysis ended without a place.', { color: WARN });
    return;
  }
  const notLocated = standingOfOutcome(res.outcome) === 'not_located';
  const place = res.place;
  w.rows([
    ['Outcome', OUTCOME_LABEL[res.outcome]],
    [notLocated ? 'Centre of the search area' : 'Point', latLng(res), { mono: true }],
    ['Uncertainty radius', radius(res.radiusMeters)],
    ['Confidence', pct(res.confidence)],
    ['Source', res.source],
    ...(place
      ? ([
          [
            'Place',
            [place.neighbourhood, place.municipality, place.zip && `ZIP ${place.zip}`].filter(Boolean).join(', ') ||
              'unknown',
          ],
          ...(place.nearest ? [['Nearest named place', place.nearest] as [string, string]] : []),
        ] as Array<[string, string]>)
      : []),
  ]);
  // Sentences that only repeat a piece of evidence are printed with that evidence below.
  const summaries = new Set(r.evidence.map((e) => e.summary));
  for (const line of res.explanation.filter((l) => !summaries.has(l)))
    w.paragraph(`• ${line}`, { size: 8.5, color: MUTED });
  mapsBlock(w, r);
}

/** The county with the point, and a close-up with the uncertainty circle. */
function mapsBlock(w: Writer, r: EvidenceReport): void {
  const res = r.result!;
  const { doc } = w;
  const gap = 12;
  const size = (w.width - gap) / 2;
  const height = 190;
  w.ensure(height + 30);
  doc.moveDown(0.6);
  const y = doc.y;
  const point = { lat: res.lat, lng: res.lng };
  const county = countyView();
  const area = standingOfOutcome(res.outcome) === 'not_located';
  drawMap(doc, { x: MARGIN, y, w: size, h: height }, county, {
    point: contains(county, point) ? point : null,
    radiusMeters: res.radiusMeters,
    candidates: r.candidates.slice(0, 5),
    area,
  });
  drawMap(
    doc,
    { x: MARGIN + size + gap, y, w: size, h: height },
    viewAround(point, closeUpHalfMeters(res.radiusMeters)),
    {
      point,
      radiusMeters: res.radiusMeters,
      candidates: r.candidates.slice(0, 5),
      area,
      detail: true,
    },
  );
  doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
  doc.text(
    pdfText(
      contains(county, point)
        ? 'Miami-Dade County: the point and the numbered candidates.'
        : 'Miami-Dade County (the point lies beyond this map).',
    ),
    MARGIN,
    y + height + 4,
    { width: size },
  );
  doc.text(
    pdfText(
      `Close-up: the point and its ${area ? 'search area' : 'uncertainty circle'} (${radius(res.radiusMeters)}); county, city and neighbourhood lines, no coastline.`,
    ),
    MARGIN + size + gap,
    y + height + 4,
    { width: size },
  );
  doc.text(
    'Drawn from the US Census county shapes (us-atlas) and the project’s own municipal and neighbourhood outlines and gazetteer; north is up.',
    MARGIN,
    doc.y + 2,
    { width: w.width },
  );
  doc.x = MARGIN;
}

function candidatesSection(w: Writer, r: EvidenceReport): void {
  w.heading('Candidates the engine weighed');
  if (!r.candidates.length) {
    w.paragraph('None.', { color: MUTED });
    return;
  }
  w.rows(
    r.candidates.map((c, i) => [
      `${i + 1}.  ${pct(c.probability)}`,
      `${c.label}\n${latLng(c, 6)}  ·  ${radius(c.radiusMeters)}  ·  ${c.source}`,
    ]),
    70,
  );
}

function evidenceSection(w: Writer, r: EvidenceReport): void {
  w.heading('Evidence, as each locator found it');
  if (!r.evidence.length) {
    w.paragraph('No locator reported anything for this photo.', { color: MUTED });
    return;
  }
  const { doc } = w;
  r.evidence.forEach((e, i) => {
    w.ensure(50);
    doc.moveDown(0.3);
    const facts = [
      KIND_LABEL[e.kind] ?? e.kind,
      e.confidence !== null ? `confidence ${pct(e.confidence)}` : null,
      e.radiusMeters !== null ? `radius ${radius(e.radiusMeters)}` : null,
      e.position ? latLng(e.position) : null,
      e.reason ? `reason ${e.reason}` : null,
    ].filter(Boolean);
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(pdfText(`${i + 1}. ${LOCATOR_LABEL[e.locator] ?? e.locator}`), MARGIN, doc.y, { continued: true })
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(pdfText(`   ${facts.join('  ·  ')}`));
    w.paragraph(e.summary);
    if (e.textRead.length) textReadRows(w, e);
    if (e.thumbnails) matchThumbnails(w, e.thumbnails);
    if (e.imageNote) w.paragraph(e.imageNote, { size: 8, color: WARN });
  });
}

/** Each line read, its crop of the photo beside it (R-REPORT-5), and where in the photo it was. */
function textReadRows(w: Writer, e: ReportEvidence): void {
  const { doc } = w;
  w.paragraph(
    'Text read, each beside a crop of where it was read (left, top, width × height as shares of the image):',
    { size: 8, color: MUTED },
  );
  const cropW = 150;
  const cropH = 26;
  const textX = MARGIN + cropW + 10;
  const textW = w.width - cropW - 10;
  for (const l of e.textRead) {
    const value = pdfText(
      `“${l.text}”  (OCR ${Math.round(l.confidence)})${l.seen ? `, seen as “${l.seen}”` : ''}${l.readAs ? `  ->  read as ${l.readAs}` : ''}`,
    );
    const where = `${Math.round(l.box.x * 100)}%, ${Math.round(l.box.y * 100)}%  ${Math.round(l.box.w * 100)}×${Math.round(l.box.h * 100)}%`;
    doc.font('Helvetica').fontSize(8.5);
    const textH = doc.heightOfString(value, { width: textW }) + 11;
    w.ensure(Math.max(cropH, textH) + 4);
    const y = doc.y;
    const drawn = l.crop ? drawImage(doc, l.crop, MARGIN, y, cropW, cropH) : null;
    if (!drawn)
      doc
        .font('Helvetica-Oblique')
        .fontSize(7)
        .fillColor(MUTED)
        .text('(no crop)', MARGIN, y + 2, { width: cropW });
    doc.font('Helvetica').fontSize(8.5).fillColor(INK).text(value, textX, y, { width: textW });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(where, textX, doc.y + 1, { width: textW });
    doc.x = MARGIN;
    doc.y = Math.max(doc.y, y + (drawn?.height ?? 10)) + 4;
  }
}

/** A gallery match: this photo's thumbnail and the matched one's side by side, each named (R-REPORT-5). */
function matchThumbnails(w: Writer, t: NonNullable<ReportEvidence['thumbnails']>): void {
  const { doc } = w;
  const side = 110;
  const gap = 16;
  const colW = (w.width - gap) / 2;
  w.ensure(side + 30);
  doc.moveDown(0.3);
  const y = doc.y;
  const cells = [
    { image: t.photo, caption: 'This photo (its stored thumbnail)' },
    { image: t.matched, caption: t.matchedCaption },
  ];
  let bottom = y;
  cells.forEach((c, i) => {
    const x = MARGIN + i * (colW + gap);
    let h = 0;
    if (c.image) h = drawImage(doc, c.image, x, y, colW, side).height;
    else {
      doc
        .lineWidth(0.4)
        .rect(x, y, side, side * 0.75)
        .stroke(RULE);
      doc
        .font('Helvetica-Oblique')
        .fontSize(7.5)
        .fillColor(MUTED)
        .text('no image (see below)', x + 6, y + side * 0.33, { width: side - 12, align: 'center' });
      h = side * 0.75;
    }
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(pdfText(c.caption), x, y + h + 3, { width: colW });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = MARGIN;
  doc.y = bottom + 4;
}

function versionsSection(w: Writer, r: EvidenceReport): void {
  w.heading('Versions');
  w.rows([
    ['Engine', r.versions.engine, { mono: true }],
    [
      'Locators that reported',
      r.versions.locators.length
        ? r.versions.locators
            .map((l) => `${LOCATOR_LABEL[l.name] ?? l.name}${l.model ? ` (model ${l.model})` : ''}`)
            .join(', ')
        : 'none',
    ],
    ['Analysis type', r.analysis.analysisType],
    [
      'Queued, started, finished',
      [r.analysis.createdAt, r.analysis.startedAt, r.analysis.finishedAt].map(utc).join('  ·  '),
    ],
  ]);
  w.paragraph('Locators have no versions of their own: they change with the engine version.', {
    size: 8,
    color: MUTED,
  });
}

function eventsSection(w: Writer, r: EvidenceReport): void {
  const { doc } = w;
  const chain = r.events.chain;
  w.heading('Event history');
  const verdict = chain.intact
    ? chain.chained
      ? `Chain intact: ${chain.chained} event${chain.chained === 1 ? '' : 's'} checked against their hashes.`
      : 'No chained events to check.'
    : `Chain broken at event #${chain.brokenAt!.eventId}: ${chain.brokenAt!.reason}`;
  w.paragraph(verdict, { font: 'Helvetica-Bold', color: chain.intact ? INK : DANGER });
  if (chain.unchained)
    w.paragraph(
      `${chain.unchained} event${chain.unchained === 1 ? ' was' : 's were'} recorded before events were chained (no hash).`,
      { color: WARN },
    );
  if (chain.lastHash) w.rows([['Last hash', chain.lastHash, { mono: true }]], 70);
  doc.moveDown(0.3);
  const cols = [MARGIN, MARGIN + 34, MARGIN + 118, MARGIN + 236];
  const line = (cells: string[], font: string, colour: string) => {
    w.ensure(11);
    const y = doc.y;
    cells.forEach((c, i) =>
      doc
        .font(i === 3 ? 'Courier' : font)
        .fontSize(i === 3 ? 6.6 : 7.5)
        .fillColor(colour)
        .text(pdfText(c), cols[i]!, y + (i === 3 ? 0.8 : 0), {
          width: (cols[i + 1] ?? MARGIN + w.width) - cols[i]! - 4,
          lineBreak: false,
        }),
    );
    doc.y = y + 10;
  };
  line(['#', 'Event', 'At (server clock)', 'Hash'], 'Helvetica-Bold', MUTED);
  const broken = chain.brokenAt?.eventId;
  for (const e of r.events.items)
    line(
      [String(e.id), e.type, utc(e.at), e.hash ?? '(recorded before chaining)'],
      'Helvetica',
      e.id === broken ? DANGER : INK,
    );
  doc.x = MARGIN;
}

/** "page n of m" and the analysis id at the foot of every page. */
function footers(doc: Doc, r: EvidenceReport): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would start a new page; the margin is lifted for the footer only.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(
        pdfText(`Vision Terminal evidence report  ·  analysis ${r.analysis.id}  ·  page ${i + 1} of ${range.count}`),
        MARGIN,
        doc.page.height - MARGIN + 18,
        { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}
