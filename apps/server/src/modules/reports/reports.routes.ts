import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { EvidenceReportSchema, type EvidenceReport } from '@vt/shared';
import { analysisIdParams, defineRoutes, route } from '../openapi/route-definition';
import type { ReportsService } from './reports.service';

/** The report's download name: the photo's name (letters and digits only) and the analysis id's first part. */
export function reportFileName(report: EvidenceReport, extension: 'json' | 'pdf'): string {
  const stem = report.file.fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `evidence-report-${stem ? `${stem}-` : ''}${report.analysis.id.slice(0, 8)}.${extension}`;
}

// Private data: never kept by a cache on the way; a download, not a page.
const asDownload = (reply: FastifyReply, fileName: string) =>
  reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}"`);

/** The answer of the PDF report: its bytes. */
const PdfSchema = z.instanceof(Uint8Array).describe('The report, PDF');

const errors = {
  404: 'No such analysis among yours (another user’s id answers 404 too, the founder’s included)',
  409: 'The analysis has not finished yet (`analysis_not_finished`)',
};

/** The evidence report of one of the caller's finished analyses, as JSON and as PDF (R-REPORT-1, R-REPORT-2). */
export function reportsRoutes(app: FastifyInstance, { reports }: { reports: ReportsService }): void {
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/analyses/{id}/report.json',
      tag: 'analysis',
      summary:
        'The evidence report of one of your finished analyses: the file as received (SHA-256, size, when, by whom), its metadata, every piece of evidence, the candidates, the result, versions and the chained event history with its check (a download)',
      access: 'owner',
      ...analysisIdParams,
      response: EvidenceReportSchema,
      errors,
      handler: async ({ user, params, reply }) => {
        const report = await reports.build(user, params.id);
        asDownload(reply, reportFileName(report, 'json'));
        return report;
      },
    }),
    route({
      method: 'get',
      path: '/api/analyses/{id}/report.pdf',
      tag: 'analysis',
      summary: 'The same evidence report as a PDF with a small map drawn from the project’s own geodata (a download)',
      access: 'owner',
      ...analysisIdParams,
      response: PdfSchema,
      produces: 'application/pdf',
      errors,
      handler: async ({ user, params, reply }) => {
        const { report, pdf } = await reports.buildPdf(user, params.id);
        return asDownload(reply, reportFileName(report, 'pdf')).type('application/pdf').send(pdf);
      },
    }),
  ]);
}
