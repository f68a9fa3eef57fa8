import type { ReactNode } from 'react';
import type { AnalysisRecord } from '@vt/shared';
import { RecordRow } from '../../../components/ui/record-row';
import { RecordStandingBadge, recordPlaceLine } from './record-standing';

/**
 * One analysis in a list (Recent Activity, Analysis History): its place or file name, standing badge, place line,
 * date, coordinates and, where the list has room, its thumbnail; the list's actions are `children`.
 */
export function AnalysisRow({
  record,
  testId,
  dateOnly = false,
  thumbnail = false,
  children,
}: {
  record: AnalysisRecord;
  testId: string;
  /** The day without the time of day (the dashboard's short list). */
  dateOnly?: boolean;
  thumbnail?: boolean;
  children: ReactNode;
}) {
  const created = new Date(record.created_at);
  return (
    <RecordRow
      testId={testId}
      media={thumbnail && <Thumbnail url={record.thumbnail_url} />}
      title={record.location?.name ?? record.file_name}
      badges={<RecordStandingBadge record={record} />}
      detail={recordPlaceLine(record)}
      time={dateOnly ? created.toLocaleDateString() : created.toLocaleString()}
      point={record.location}
    >
      {children}
    </RecordRow>
  );
}

function Thumbnail({ url }: { url: string | null }) {
  return (
    <div className="size-16 shrink-0 overflow-hidden rounded-lg border border-line bg-raised">
      {url ? (
        <img src={url} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center text-xs text-subtle">No image</span>
      )}
    </div>
  );
}
