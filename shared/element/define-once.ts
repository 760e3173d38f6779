/**
 * Registers a custom element unless its name is already taken, so that two copies of our script on one
 * page (a CMS plugin and a theme both pasting it, say) never throw `NotSupportedError`.
 * Returns true when this call defined the element.
 */
export function defineOnce(name: string, ctor: CustomElementConstructor): boolean {
  if (typeof customElements === 'undefined' || customElements.get(name)) return false;
  customElements.define(name, ctor);
  return true;
}
