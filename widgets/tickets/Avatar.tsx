import { useState } from 'react';
import { safeHttpUrl } from '../../shared/api/safe-url';

/** The author's picture, or their initials when there is none or it fails to load. Decorative. */
export function Avatar({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  const src = safeHttpUrl(photoUrl);
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';
  return (
    <span className="tickets__avatar" part="avatar" aria-hidden="true">
      {initials}
      {src && !failed && (
        <img loading="lazy" src={src} alt="" width={40} height={40} onError={() => setFailed(true)} />
      )}
    </span>
  );
}
