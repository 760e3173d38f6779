/** A stateless helper both elements use: each element gets its own copy. */
export const label = (text: string) => `[${text}]`;
