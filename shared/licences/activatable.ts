/** Statuses whose licence may gain sites: a fresh licence is 'inactive' until its first site. */
const activatableStatuses: ReadonlySet<string> = new Set(['active', 'inactive']);

/**
 * Whether a licence of this status may gain a site. The API's status is already 'expired' once the
 * expiry date has passed, so the status alone decides for the views; the server checks the date too.
 */
export function acceptsSites(status: string): boolean {
  return activatableStatuses.has(status);
}
