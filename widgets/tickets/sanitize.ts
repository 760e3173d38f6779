import { useEffect, useState } from 'react';
import { messageHtmlAllowList } from '../../shared/schemas/tickets';

export type Sanitize = (html: string) => string;

let loading: Promise<Sanitize> | null = null;

/**
 * DOMPurify with the allow-list the server applies (shared/schemas/tickets.ts), as a second line of
 * defence before a message body is put into the page. Loaded only when a conversation is shown: the
 * ticket list does not pay for it. A private instance, so the hook below never touches a DOMPurify the
 * host page may use.
 */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(({ default: createPurifier }) => {
    const purifier = createPurifier(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    const config = {
      ALLOWED_TAGS: [...messageHtmlAllowList.tags],
      ALLOWED_ATTR: [...messageHtmlAllowList.attributes.a],
      ALLOWED_URI_REGEXP: new RegExp(`^(?:${messageHtmlAllowList.schemes.join('|')}):`, 'i'),
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
    };
    return (html: string) => purifier.sanitize(html, config);
  });
  return loading;
}

/** The sanitizer once loaded, null until then (the view shows its skeleton meanwhile). */
export function useSanitizer(): Sanitize | null {
  const [sanitize, setSanitize] = useState<{ run: Sanitize } | null>(null);
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((run) => {
      if (live) setSanitize({ run });
    });
    return () => {
      live = false;
    };
  }, []);
  return sanitize?.run ?? null;
}
