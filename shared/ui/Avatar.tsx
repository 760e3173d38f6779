import { type CSSProperties, useState } from 'react';
import { safeHttpUrl } from '../api/safe-url';
import { useStyles } from '../element/use-styles';
import { initialsOf } from '../format/initials';
import avatarStyles from './avatar.css?inline';

export interface AvatarProps {
  /** Whose picture: its initials show when there is no picture or it fails to load. */
  name: string;
  /** The picture's URL (an avatar service's); only http(s) and inline `data:image/` URLs are loaded. */
  src: string | null | undefined;
  /** Width and height in CSS pixels. */
  size: number;
  className?: string;
}

/** A person's picture, or their initials when there is none or it fails to load. Decorative. */
export function Avatar({ name, src, size, className }: AvatarProps) {
  useStyles(avatarStyles);
  // An image context runs nothing, so an inline data: image is as safe as an http(s) one.
  const url = src?.startsWith('data:image/') ? src : safeHttpUrl(src);
  // The URL that failed, so a new picture (another user after a switch) gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  const style = { '--ui-avatar-size': `${size}px` } as CSSProperties;
  return (
    <span
      className={className ? `ui-avatar ${className}` : 'ui-avatar'}
      part="avatar"
      aria-hidden="true"
      style={style}
    >
      {initialsOf(name)}
      {url && failed !== url && (
        <img loading="lazy" src={url} alt="" width={size} height={size} onError={() => setFailed(url)} />
      )}
    </span>
  );
}
