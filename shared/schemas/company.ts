import * as v from 'valibot';
import { SessionUserSchema } from './session';

/** Company creation texts (the spec names the form, not its messages). */
export const companyMessages = {
  nameRequired: 'Company name is required',
  nameTooLong: 'Company name should not be more than 100 characters',
  created: 'Company created successfully',
} as const;

/** `POST /company`: the first profile of a company account (spec §2 /auth/create-company-form). */
export const CreateCompanyRequestSchema = v.object({
  name: v.pipe(
    v.string(companyMessages.nameRequired),
    v.trim(),
    v.nonEmpty(companyMessages.nameRequired),
    v.maxLength(100, companyMessages.nameTooLong),
  ),
});
export type CreateCompanyRequest = v.InferOutput<typeof CreateCompanyRequestSchema>;

/** The answer: the session user, now with the new company as the active profile. */
export const CreateCompanyResponseSchema = v.object({ user: SessionUserSchema });
