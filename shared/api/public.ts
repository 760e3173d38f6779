import { clientsFor } from './clients-for';

/**
 * The client of a public element (`<vendor-news>`): no token sent, no session effects, and none of the
 * session code (stores, storage adapter) in what the element downloads.
 */
export const publicApiFor = clientsFor(null);
