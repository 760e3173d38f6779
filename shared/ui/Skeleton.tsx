import type { CSSProperties } from 'react';
import { useStyles } from '../element/use-styles';
import skeletonStyles from './skeleton.css?inline';

export interface SkeletonProps {
  /** A CSS length or a number of pixels. Explicit, so the placeholder reserves the real content's space. */
  width?: string | number;
  height?: string | number;
  /** Round (avatars) instead of the theme's radius. */
  circle?: boolean;
  className?: string;
}

const length = (value: string | number) => (typeof value === 'number' ? `${value}px` : value);

/** A pulsing placeholder block; hidden from assistive technology (the busy container says it loads). */
export function Skeleton({ width = '100%', height = '1em', circle = false, className }: SkeletonProps) {
  useStyles(skeletonStyles);
  const style: CSSProperties = { width: length(width), height: length(height) };
  return (
    <span
      className={className ? `ui-skel ${className}` : 'ui-skel'}
      part="skeleton"
      data-shape={circle ? 'circle' : 'block'}
      aria-hidden="true"
      style={style}
    />
  );
}
