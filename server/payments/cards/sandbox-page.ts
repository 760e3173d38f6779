import { escapeHtml } from '../../http/html';

/** The sandbox's card page: a plain form (no script, our CSP allows none inline), test numbers named. */
export function sandboxCardPage(action: string, error: string | null): string {
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Add a card (sandbox)</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d2327; }
form { display: grid; gap: 1rem; border: 1px solid #c3c4c7; border-radius: 8px; padding: 1.5rem; }
label { display: grid; gap: .25rem; font-weight: 600; }
input { font: inherit; padding: .5rem .75rem; border: 1px solid #8c8f94; border-radius: 4px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.actions { display: flex; gap: .75rem; }
button { font: inherit; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid #2271b1; cursor: pointer; }
button[value="save"] { background: #2271b1; color: #fff; }
button[value="cancel"] { background: #fff; color: #2271b1; }
.error { color: #b32d2e; border: 1px solid currentColor; border-radius: 4px; padding: .5rem .75rem; margin: 0; }
.note { color: #50575e; font-size: .9rem; }
</style>
</head>
<body>
<main>
<h1>Add a card</h1>
<p class="note">Sandbox gateway: no card is charged and only the brand, the last 4 digits and the expiry are kept.
4242 4242 4242 4242 is accepted; 4000 0000 0000 0002 is declined; saved, 4000 0000 0000 0341 declines every renewal and 4000 0027 6000 3184 asks for 3-D Secure.</p>
<form method="post" action="${escapeHtml(action)}">
${alert}
<label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<div class="row">
<label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required></label>
<label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
</div>
<div class="actions">
<button type="submit" name="action" value="save">Save card</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>
</main>
</body>
</html>`;
}
