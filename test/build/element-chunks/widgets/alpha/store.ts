/** Alpha's state: one instance for its entry and its lazy view. */
export function createStore() {
  return { items: ['one', 'two'] };
}
export const emptyStore = () => ({ items: [] as string[] });
