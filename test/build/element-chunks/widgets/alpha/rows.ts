/** Used at start and by the detail view loaded on demand. */
export const rows = (items: string[]) => items.map((item) => `<li>${item}</li>`);
