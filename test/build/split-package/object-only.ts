import * as v from 'valibot';

/** Uses only object/string/number: its chunks must not carry the e-mail validator. */
const Item = v.object({ id: v.number(), name: v.string() });
export const parseItem = (input: unknown) => v.safeParse(Item, input).success;
