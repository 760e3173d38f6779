import * as v from 'valibot';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { CreateCompanyRequestSchema, CreateCompanyResponseSchema } from '../schemas/company';
import type { SessionUser } from '../schemas/session';
import { session } from './session';

export type CreateCompanyResult =
  | { ok: true; user: SessionUser }
  | { ok: false; fieldError: string | null; message: string };

/** Validates the name as the server will, creates the company and takes the updated session user. */
export async function createCompany(api: ApiClient, name: string): Promise<CreateCompanyResult> {
  const checked = v.safeParse(CreateCompanyRequestSchema, { name });
  if (!checked.success)
    return { ok: false, fieldError: checked.issues[0].message, message: checked.issues[0].message };
  try {
    const { data } = await api.post('/company', CreateCompanyResponseSchema, checked.output);
    session.setUser(data.user);
    return { ok: true, user: data.user };
  } catch (error) {
    const fieldError = isApiError(error) ? (error.fields.name ?? null) : null;
    const message = error instanceof Error ? error.message : '';
    return { ok: false, fieldError, message };
  }
}
