import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { trapTab } from '../../../components/ui/trap-tab';

/**
 * A native modal <dialog> for the map screen (compare, details): the page behind is inert, Escape and a click
 * on the backdrop close it, focus returns to the button that opened it.
 */
export function MapDialog({
  open,
  title,
  label,
  onClose,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  label: string;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      data-testid={testId}
      onClose={onClose}
      onKeyDown={(e) => trapTab(e, ref.current)}
      onClick={(e) => {
        if (e.target === ref.current) ref.current.close();
      }}
      className="vt-dialog m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-1.5rem))] rounded-xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/70"
    >
      {open && (
        <div className="p-4 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{label}</p>
              <h2 className="mt-1 text-lg font-bold break-words">{title}</h2>
            </div>
            <Button variant="ghost" size="sm" aria-label="Close" onClick={() => ref.current?.close()}>
              ✕
            </Button>
          </div>
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
