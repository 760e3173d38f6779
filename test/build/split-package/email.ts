import { email, pipe, safeParse, string } from 'valibot';

/** Named imports, and the e-mail validator the other entry must not load. */
export const isEmail = (input: unknown) => safeParse(pipe(string(), email()), input).success;
