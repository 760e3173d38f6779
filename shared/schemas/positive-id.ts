import * as v from 'valibot';
import { maxId } from './ids';

/** A request's id or count: a whole number from 1 to maxId, sent as a number or as digits in a query. */
export const positiveId = (field: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${field} must be a number.`))]),
    v.transform(Number),
    v.integer(`${field} must be a whole number.`),
    v.minValue(1, `${field} must be a positive number.`),
    v.maxValue(maxId, `${field} is too large.`),
  );
