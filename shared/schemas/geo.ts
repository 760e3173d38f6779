import * as v from 'valibot';

/** spec §3 Countries and states: options with value and label (`GET /countries`, `GET /states`). */
export const GeoOptionSchema = v.object({ value: v.string(), label: v.string() });
export type GeoOption = v.InferOutput<typeof GeoOptionSchema>;

export const GeoOptionListSchema = v.array(GeoOptionSchema);

/** `GET /states {country}`: an ISO 3166-1 alpha-2 code. */
export const StatesQuerySchema = v.object({
  country: v.pipe(
    v.string('country is required.'),
    v.trim(),
    // v.transform rather than v.toUpperCase (this schema's alone): valibot is one module for every element.
    v.transform((code) => code.toUpperCase()),
    v.regex(/^[A-Z]{2}$/, 'country must be a two-letter country code.'),
  ),
});
