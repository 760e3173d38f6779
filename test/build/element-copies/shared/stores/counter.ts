/** State both elements share: one module for the page, never copied. */
let count = 0;
export const increment = () => ++count;
