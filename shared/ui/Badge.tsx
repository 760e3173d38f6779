import type { ReactNode } from 'react';
import { useStyles } from '../element/use-styles';
import type { BadgeTone } from '../format/badges';
import badgeStyles from './badge.css?inline';

export type { BadgeTone };

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

/** A status label coloured by tone; the text itself carries the meaning, colour only repeats it. */
export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  useStyles(badgeStyles);
  return (
    <span className={className ? `ui-badge ${className}` : 'ui-badge'} part="badge" data-tone={tone}>
      {children}
    </span>
  );
}
