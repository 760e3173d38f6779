import type { MiddlewareHandler } from 'hono';

/**
 * Headers on every response. HTML pages get a CSP that allows only our own scripts (no inline ones),
 * inline styles (the elements render their CSS inside shadow roots), avatars from Gravatar, and calls
 * to our API and the configured widget origins. Everything else (JSON, scripts, images) gets a CSP that
 * allows nothing, which matters if a browser is ever tricked into rendering one as a document.
 * Which response carries which value is proven in test/proof/headers.proof.test.ts.
 */
export function securityHeaders(options: {
  connectOrigins: readonly string[];
  hsts: boolean;
}): MiddlewareHandler {
  const connectSrc = ["'self'", ...options.connectOrigins].join(' ');
  const pagePolicy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://www.gravatar.com",
    `connect-src ${connectSrc}`,
    "font-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  const resourcePolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const isHtml = /^text\/html\b/i.test(headers.get('Content-Type') ?? '');
    // A route that set its own policy made it stricter for its content (a ticket attachment adds
    // `sandbox`, so a file the browser renders anyway cannot run script or reach our origin): kept.
    if (!headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', isHtml ? pagePolicy : resourcePolicy);
    // Personal data must not stay in a shared or disk cache. Answers that may be cached say so (widgets,
    // images, public news, the portal page's revalidation); anything that did not choose is not stored,
    // such as the sandbox payment page with the buyer's e-mail.
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // For browsers that predate frame-ancestors.
    headers.set('X-Frame-Options', 'SAMEORIGIN');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    // Widgets and their images are loaded by other sites' pages; everything else stays ours.
    if (!headers.has('Cross-Origin-Resource-Policy'))
      headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (options.hsts) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
