import { useState } from 'react';
import { initialsOf } from '@vt/shared';
import { cx } from './cx';

/** A picture when the user has one that loads, otherwise initials drawn here (R-PRIVACY-3: no outside service). */
export function Avatar({
  name,
  email,
  picture,
  className,
}: {
  name: string;
  email: string;
  picture: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const label = name || email;
  if (picture && !failed) {
    return (
      <img
        src={picture}
        alt={label}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={cx('size-8 rounded-full border border-line object-cover', className)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={label}
      className={cx(
        'inline-flex size-8 items-center justify-center rounded-full border border-accent/40 bg-accent/15 text-xs font-bold text-accent',
        className,
      )}
    >
      {initialsOf(label)}
    </span>
  );
}
