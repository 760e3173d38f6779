import { createContext } from 'preact';
import { useContext, useId as useRootId } from 'preact/hooks';

/** The prefix of ids made inside a portal ('' outside any): see PortalHost in react-dom.ts. */
export const PortalIdPrefix = createContext('');

/** React's `useId`: unique in the document or shadow root, portals included. */
export function useId(): string {
  return useContext(PortalIdPrefix) + useRootId();
}
