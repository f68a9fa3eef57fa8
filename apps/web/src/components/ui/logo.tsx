import { cx } from './cx';

/** The reticle mark: a cool ring with a warm centre, the same drawing as the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="#10141b" stroke="#243040" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#5cc8ff" strokeWidth="2.5" />
      <circle cx="16" cy="16" r="3" fill="#ffb454" />
      <path d="M16 3v6M16 23v6M3 16h6M23 16h6" stroke="#5cc8ff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark className={compact ? 'size-7' : 'size-8'} />
      <span className="text-base font-semibold tracking-tight text-fg">
        Vision <span className="text-accent">Terminal</span>
      </span>
    </span>
  );
}
