import { describe, expect, it } from 'vitest';
import { isPlainText, sniffAttachment } from './file-type';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)),
  );

describe('sniffAttachment', () => {
  it('recognises images, PDF and ZIP by their first bytes', () => {
    expect(sniffAttachment(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('png');
    expect(sniffAttachment(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(sniffAttachment(bytes('GIF89a', [1, 0, 1, 0]))).toBe('gif');
    expect(sniffAttachment(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffAttachment(bytes('%PDF-1.7\n%\u00e2\u00e3'))).toBe('pdf');
    expect(sniffAttachment(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]))).toBe('zip');
    expect(sniffAttachment(bytes([0x50, 0x4b, 0x05, 0x06, 0, 0]))).toBe('zip');
  });

  it('takes UTF-8 text and logs with tabs, line breaks and colour codes as text', () => {
    expect(sniffAttachment(bytes('line 1\r\n\tline 2 — ünïcode ✓\n'))).toBe('text');
    expect(sniffAttachment(bytes('\u001b[31mERROR\u001b[0m failed\n'))).toBe('text');
  });

  it('refuses executables, other binaries, empty files and invalid UTF-8', () => {
    expect(sniffAttachment(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]))).toBeNull();
    expect(sniffAttachment(bytes([0x7f], 'ELF', [2, 1, 1, 0]))).toBeNull();
    expect(sniffAttachment(bytes('#!/bin/sh\n', [0], 'rm -rf /'))).toBeNull();
    expect(sniffAttachment(bytes([0xca, 0xfe, 0xba, 0xbe]))).toBeNull();
    expect(sniffAttachment(new Uint8Array())).toBeNull();
    expect(sniffAttachment(bytes('abc', [0xff, 0xfe], 'def'))).toBeNull();
    // RIFF without WEBP is audio or video, not an image we accept.
    expect(sniffAttachment(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
  });

  it('accepts a prefix cut inside a multi-byte character only when told it is a prefix', () => {
    const cut = bytes('caf', [0xc3]);
    expect(isPlainText(cut, false)).toBe(true);
    expect(isPlainText(cut, true)).toBe(false);
  });
});
