const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * How long someone has waited, the way the help desk said it ('12 minutes', '3 hours', '2 days'):
 * whole units, rounded down, never less than a minute.
 */
export function friendlyDuration(since: Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - since.getTime());
  if (elapsed >= day) return plural(Math.floor(elapsed / day), 'day');
  if (elapsed >= hour) return plural(Math.floor(elapsed / hour), 'hour');
  return plural(Math.max(1, Math.floor(elapsed / minute)), 'minute');
}
