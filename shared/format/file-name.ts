import { fieldLimits } from '../catalogue/limits';

/**
 * Shortens an attachment name for the thread view (spec §9): over 20 characters it becomes the first 9,
 * '...' and the last 7, so the extension stays visible ('screenshot-2026-11-23.png' → 'screensho...-23.png').
 */
export function shortenFileName(name: string): string {
  const { max, head, tail } = fieldLimits.attachmentName;
  if (name.length <= max) return name;
  return `${name.slice(0, head)}...${name.slice(-tail)}`;
}
