import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EvidenceReport } from '@vt/shared';
import { requireUser } from '../../auth/guards';
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

/** The evidence report of one of the caller's finished analyses, as JSON and as PDF (R-REPORT-1, R-REPORT-2). */
export function reportsRoutes(app: FastifyInstance, { reports }: { reports: ReportsService }): void {
  app.get<{ Params: { id: string } }>('/api/analyses/:id/report.json', async (request, reply) => {
    const report = await reports.build(requireUser(request), request.params.id);
    asDownload(reply, reportFileName(report, 'json'));
    return report;
  });

  app.get<{ Params: { id: string } }>('/api/analyses/:id/report.pdf', async (request, reply) => {
    const { report, pdf } = await reports.buildPdf(requireUser(request), request.params.id);
    return asDownload(reply, reportFileName(report, 'pdf')).type('application/pdf').send(pdf);
  });
}
