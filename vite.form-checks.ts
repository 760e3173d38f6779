import type { Plugin } from 'vite';

export interface FormChecks {
  /** Collects the split validator modules once the build has loaded every module. */
  plugin: Plugin;
  /** True for a valibot action (a validation or transformation step of a pipe), by its split module id. */
  isAction: (id: string) => boolean;
}

/**
 * Tells valibot's actions (`regex`, `minLength`, `check`, `transform`…, the steps of a form's pipes) from
 * its schemas (`object`, `union`, `picklist`…, which the answer schemas use), among the modules
 * vite.split-package.ts makes of valibot: a form's checks can then ship with the elements that have forms
 * instead of with every signed-in element.
 */
export function formChecks(isValidator: (id: string) => boolean): FormChecks {
  let actions = new Set<string>();
  return {
    isAction: (id) => actions.has(id),
    plugin: {
      name: 'form-checks',
      buildEnd() {
        actions = new Set(
          [...this.getModuleIds()].filter(
            (id) =>
              isValidator(id) &&
              /kind:\s*"(validation|transformation)"/.test(this.getModuleInfo(id)?.code ?? ''),
          ),
        );
      },
    },
  };
}
