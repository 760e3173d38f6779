/** Code both elements run: stays out of either element's own chunk. */
export const shared = () => ['shared'];
