import * as v from 'valibot';

/** valibot's global config: a top-level `let` that one function assigns and another reads. */
export function roundTrip(lang: string): string | undefined {
  v.setGlobalConfig({ lang });
  return v.getGlobalConfig().lang;
}
