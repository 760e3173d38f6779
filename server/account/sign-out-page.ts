import { escapeHtml } from '../http/html';

const style = `body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1d2327; }
button { font: inherit; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid #b32d2e; background: #b32d2e; color: #fff; cursor: pointer; }
a { color: #2271b1; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
${style}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

/**
 * The "This wasn't me" link opens this page; a button posts the token. Opening the link alone changes
 * nothing, since mail scanners open links too. No script: the CSP allows none inline.
 */
export function confirmSignOutPage(action: string, token: string): string {
  return page(
    'Sign out everywhere',
    `<p>If you did not make the change or the sign-in the message told you about, sign every session of your account out now.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Sign out every session</button>
</form>`,
  );
}

export const signedOutMessage = 'Every session of your account has been signed out.';
export const signOutLinkInvalidMessage = 'This link is invalid, was already used or has expired.';

/** After the link was used: what happened and where to choose a new password. */
export function signOutResultPage(done: boolean, forgotPasswordPath: string): string {
  const forgot = `<p>If someone else may know your password, <a href="${escapeHtml(forgotPasswordPath)}">choose a new one with Forgot password</a>.</p>`;
  return done
    ? page('Signed out everywhere', `<p>${signedOutMessage}</p>\n${forgot}`)
    : page('Link not valid', `<p role="alert">${signOutLinkInvalidMessage}</p>\n${forgot}`);
}
