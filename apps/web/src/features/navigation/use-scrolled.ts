import { useEffect, useState } from 'react';
import { isCompact } from './nav-links';

export function useScrolledPast(thresholdPx: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && isCompact(window.scrollY, thresholdPx));
  useEffect(() => {
    const update = () => setPast(isCompact(window.scrollY, thresholdPx));
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [thresholdPx]);
  return past;
}
