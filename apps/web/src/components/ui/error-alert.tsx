import { Button } from './button';
import { cx } from './cx';

/** An error said in words, with Retry when trying again can help (the analysis screens' failed uploads and runs). */
export function ErrorAlert({
  message,
  onRetry,
  compact = false,
  testId,
}: {
  message: string;
  /** Shown as a Retry button; leave out when retrying cannot help. */
  onRetry?: () => void;
  /** The map's narrow panel: less padding. */
  compact?: boolean;
  testId?: string;
}) {
  return (
    <div
      role="alert"
      className={cx('border border-danger/50 bg-danger/10', compact ? 'rounded-lg p-3' : 'rounded-xl p-4')}
      data-testid={testId}
    >
      <p className={cx('text-sm text-danger', !compact && 'font-medium')}>{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" className={compact ? 'mt-2' : 'mt-3'} onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
