import { afterEach, describe, expect, it, vi } from 'vitest';
import { htmlToText } from './html';

const cases: [string, string][] = [
  ['Hello &amp; welcome', 'Hello & welcome'],
  ['<p>Read more [&hellip;]</p>\n', 'Read more […]'],
  ['<p>one</p><p>two</p>', 'one two'],
  ['It&#8217;s &#x201C;new&#x201D;', 'It’s “new”'],
  ['<strong>Error:</strong> bad&nbsp;input', 'Error: bad\u00a0input'],
  ['<script>alert(1)</script>safe', 'safe'],
  ['<style>p{}</style><b>x</b>', 'x'],
  ['&lt;script&gt;', '<script>'],
  ['a &unknown; b', 'a &unknown; b'],
  ['', ''],
];

describe('htmlToText (DOMParser path)', () => {
  it.each(cases)('%j → %j', (html, text) => {
    expect(typeof DOMParser).toBe('function');
    expect(htmlToText(html)).toBe(text);
  });
});

describe('htmlToText without a DOM (a server render)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('removes the tags and collapses whitespace, leaving entities as written', () => {
    vi.stubGlobal('DOMParser', undefined);
    expect(htmlToText('<p>one</p>\n<p>two &amp; <b>three</b></p>')).toBe('one two &amp; three');
  });
});
