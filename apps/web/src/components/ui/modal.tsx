import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { cx } from './cx';
import { trapTab } from './trap-tab';

/**
 * The handle of one Modal: give it `ref`; `close()` (in an event handler) closes it as Escape does, so its `onClose`
 * runs once, whoever asked.
 */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  return { ref, close: () => ref.current?.close() };
}

/**
 * A native modal <dialog>: the browser makes the page behind it inert, Escape closes it, Tab wraps inside it, a click
 * on the backdrop closes it (unless `keepOnBackdrop`), and focus returns to the button that opened it. Its content
 * is there only while it is open.
 */
export function Modal({
  modal,
  open,
  onClose,
  className,
  keepOnBackdrop = false,
  label,
  labelledBy,
  describedBy,
  testId,
  children,
}: {
  modal: ReturnType<typeof useModal>;
  open: boolean;
  onClose: () => void;
  /** Its width and height. */
  className: string;
  /** A form someone is typing in is not lost to a stray click beside it. */
  keepOnBackdrop?: boolean;
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { ref, close } = modal;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, ref]);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onClose={onClose}
      onKeyDown={(e) => trapTab(e, ref.current)}
      onClick={(e) => {
        if (!keepOnBackdrop && e.target === ref.current) close();
      }}
      className={cx(
        'm-auto rounded-xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/70',
        className,
      )}
    >
      {open && children}
    </dialog>
  );
}

/** A modal's heading: what kind of view it is above its title, and ✕ to close it. */
export function ModalHeading({
  eyebrow,
  title,
  titleId,
  onClose,
}: {
  eyebrow: string;
  title: string;
  titleId?: string;
  onClose: () => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
        <h2 id={titleId} className="mt-1 text-xl font-bold break-words">
          {title}
        </h2>
      </div>
      <Button variant="ghost" size="sm" aria-label="Close" onClick={onClose}>
        ✕
      </Button>
    </div>
  );
}
