import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeAttachmentName } from './file-name';
import { friendlyDuration } from './friendly';
import { messageToHtml, textToHtml } from './message-html';

describe('messageToHtml', () => {
  it('turns plain text into escaped paragraphs and line breaks', () => {
    expect(textToHtml('Hi,\r\nline two\n\n\nP2 <b>not bold</b> & "q"')).toBe(
      '<p>Hi,<br />line two</p><p>P2 &lt;b&gt;not bold&lt;/b&gt; &amp; &quot;q&quot;</p>',
    );
    expect(messageToHtml('limit <reached> & 3 < 4')).toBe('<p>limit &lt;reached&gt; &amp; 3 &lt; 4</p>');
  });

  it('keeps the allow-listed HTML and drops scripts, handlers, styles and unsafe links', () => {
    expect(
      messageToHtml(
        '<p style="color:red" onmouseover="x()">a <strong>b</strong> <em>c</em></p><ul><li>d</li></ul><a href="https://e.example/" target="_self">e</a><a href="mailto:f@g.example">f</a>',
      ),
    ).toBe(
      '<p>a <strong>b</strong> <em>c</em></p><ul><li>d</li></ul><a href="https://e.example/" target="_blank" rel="noopener noreferrer nofollow">e</a><a href="mailto:f@g.example" rel="noopener noreferrer nofollow" target="_blank">f</a>',
    );
    for (const hostile of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg><script>alert(1)</script></svg>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<style>*{}</style>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ]) {
      expect(messageToHtml(hostile)).toBe('');
    }
    expect(messageToHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).not.toContain('href');
    expect(messageToHtml('<a href="//evil.example">x</a>')).not.toContain('href');
    expect(messageToHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).not.toContain('href');
  });
});

describe('safeAttachmentName', () => {
  it('removes path separators, control and bidi characters and leading dots', () => {
    expect(safeAttachmentName('../../x', 'text')).toBe('x.txt');
    expect(safeAttachmentName('C:\\Users\\me\\shot.png', 'png')).toBe('C_Usersmeshot.png');
    expect(safeAttachmentName('in\u0000voice\u202Efdp.exe', 'pdf')).toBe('invoicefdp.exe.pdf');
    expect(safeAttachmentName('.htaccess', 'text')).toBe('htaccess.txt');
    expect(safeAttachmentName('', 'zip')).toBe('attachment.zip');
  });

  it('keeps a matching extension and adds the content’s when it does not match', () => {
    expect(safeAttachmentName('photo.JPG', 'jpeg')).toBe('photo.JPG');
    expect(safeAttachmentName('server.log', 'text')).toBe('server.log');
    expect(safeAttachmentName('setup.exe', 'zip')).toBe('setup.exe.zip');
  });

  it('shortens a very long name from the front, keeping the extension', () => {
    const name = safeAttachmentName(`${'a'.repeat(300)}.png`, 'png');
    expect(name).toHaveLength(200);
    expect(name.endsWith('.png')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('always says attachment, with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('résumé "final";.pdf')).toBe(
      `attachment; filename="r_sum_ _final__.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22%3B.pdf`,
    );
    expect(attachmentDisposition("it's (1).txt")).toBe(
      `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
});

describe('friendlyDuration', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('says minutes, hours or days, rounded down', () => {
    expect(friendlyDuration(ago(5_000), now)).toBe('1 minute');
    expect(friendlyDuration(ago(12 * 60_000), now)).toBe('12 minutes');
    expect(friendlyDuration(ago(3.5 * 3_600_000), now)).toBe('3 hours');
    expect(friendlyDuration(ago(26 * 3_600_000), now)).toBe('1 day');
    expect(friendlyDuration(ago(2 * 86_400_000), now)).toBe('2 days');
    expect(friendlyDuration(new Date(now.getTime() + 60_000), now)).toBe('1 minute');
  });
});
