import { useCallback, useEffect, useState } from 'react';

/** The sidebar's close animation (vt-slide-out) before it unmounts. */
export const SIDEBAR_CLOSE_MS = 300;

/**
 * The map's Location Index panel: open, closing (animating out), expanded to the full index. Escape closes it, unless a
 * dialog above it is open (Escape is that dialog's to close).
 */
export function useIndexPanel() {
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const [expanded, setExpanded] = useState(false);

  const close = useCallback(() => {
    setClosing(true);
    setTimeout(() => {
      setOpen(false);
      setClosing(false);
    }, SIDEBAR_CLOSE_MS);
  }, []);
  const toggle = useCallback(() => (open ? close() : setOpen(true)), [open, close]);
  /** Opens the panel showing the whole index (the popup's Get full index). */
  const openFull = useCallback(() => {
    setOpen(true);
    setExpanded(true);
  }, []);

  useEffect(() => {
    if (!open || closing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, closing, close]);

  return { open, closing, expanded, setExpanded, close, toggle, openFull };
}
