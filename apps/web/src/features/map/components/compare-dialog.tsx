import type { LocationIndexItem } from '@vt/shared';
import { formatConfidence } from '../../analysis';
import { Button } from '../../../components/ui/button';
import { MapDialog } from './map-dialog';
import { STATUS_WORD } from '../geo';

/** Compare Selected (R-INDEX-4): name, coordinates, confidence, source, status and View on Map per item. */
export function CompareDialog({
  items,
  onClose,
  onViewOnMap,
}: {
  items: readonly LocationIndexItem[];
  onClose: () => void;
  onViewOnMap: (item: LocationIndexItem) => void;
}) {
  return (
    <MapDialog
      open={items.length >= 2}
      title={`Comparing ${items.length} locations`}
      label="Compare Selected"
      onClose={onClose}
      testId="compare-dialog"
    >
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {items.map((item) => (
          <li
            key={item.id}
            className="rounded-lg border border-line bg-raised/60 p-3 text-sm"
            data-testid="compare-item"
          >
            <p className="font-semibold break-words">{item.name}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-muted">
              <dt>Coordinates</dt>
              <dd className="font-mono text-fg">
                {item.coordinates.lat.toFixed(6)}, {item.coordinates.lng.toFixed(6)}
              </dd>
              <dt>Confidence</dt>
              <dd className="text-fg">{formatConfidence(item.confidence)}</dd>
              <dt>Source</dt>
              <dd className="text-fg">{item.source}</dd>
              <dt>Status</dt>
              <dd className="text-fg">{STATUS_WORD[item.status]}</dd>
            </dl>
            <Button variant="secondary" size="sm" className="mt-3 h-8 w-full text-xs" onClick={() => onViewOnMap(item)}>
              View on Map
            </Button>
          </li>
        ))}
      </ul>
    </MapDialog>
  );
}
