/**
 * Masks an e-mail address for the 2FA e-mail step (spec §5: "the first 2 characters plus stars").
 *
 * Only the local part is masked: the domain stays readable ('jo******@example.com') so the user can tell
 * which of their mailboxes got the code, which is the point of showing it. Each hidden character becomes
 * one star, so the length still hints at the address. A local part of 2 characters or fewer keeps its
 * first character only, so the mask always hides something. A value without '@' is masked whole.
 */
export function maskEmail(email: string): string {
  const text = email.trim();
  const at = text.lastIndexOf('@');
  const local = at === -1 ? text : text.slice(0, at);
  const domain = at === -1 ? '' : text.slice(at);
  if (local === '') return text;
  const shown = local.length > 2 ? 2 : 1;
  return `${local.slice(0, shown)}${'*'.repeat(local.length - shown)}${domain}`;
}
