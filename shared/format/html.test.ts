import { describe, expect, it } from 'vitest';
import { htmlToText, htmlToTextFallback } from './html';

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

describe('htmlToTextFallback (string path for Node)', () => {
  it.each(cases)('%j → %j', (html, text) => {
    expect(htmlToTextFallback(html)).toBe(text);
  });
  it('keeps an out-of-range code point as written', () => {
    expect(htmlToTextFallback('x &#0; &#x110000; y')).toBe('x &#0; &#x110000; y');
  });
  it('drops comments', () => {
    expect(htmlToTextFallback('a<!-- <b>hidden</b> -->b')).toBe('a b');
  });
});
