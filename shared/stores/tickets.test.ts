import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { createSessionStore } from './session';
import { addAttachments, checkAttachment, createTicketsStore } from './tickets';

const memory = () => {
  const values = new Map<string, string>();
  return {
    get: (key: string) => values.get(key) ?? null,
    set: (key: string, value: string) => void values.set(key, value),
    remove: (key: string) => void values.delete(key),
  };
};

const png = (name: string, size = 32) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
};

describe('checkAttachment', () => {
  it('accepts by content and names what it refuses', async () => {
    expect(await checkAttachment(png('a.png'))).toBeNull();
    expect(await checkAttachment(new File(['plain text\n'], 'notes.log'))).toBeNull();
    expect(await checkAttachment(new File([new Uint8Array([0x4d, 0x5a, 0, 0])], 'cat.png'))).toBe(
      'cat.png is not an accepted file type (images, PDF, text, log or ZIP files only).',
    );
    expect(await checkAttachment(png('big.png', 10 * 1024 * 1024 + 1))).toBe('big.png is larger than 10 MB.');
  });
});

describe('addAttachments', () => {
  it('keeps at most 5 files and says so once', async () => {
    const picked = Array.from({ length: 7 }, (_, i) => png(`${i}.png`));
    const { files, errors } = await addAttachments([], picked);
    expect(files.map((file) => file.name)).toEqual(['0.png', '1.png', '2.png', '3.png', '4.png']);
    expect(errors).toEqual(['You can attach up to 5 files.']);
  });
});

describe('attachmentPath', () => {
  const store = createTicketsStore(
    createApiClient({ baseURL: 'https://portal.example.com/api/v1', session: createSessionStore(memory()) }),
  );
  it('fetches with the token only links under this API', () => {
    expect(store.attachmentPath('https://portal.example.com/api/v1/tickets/attachments/7')).toBe(
      '/tickets/attachments/7',
    );
    expect(store.attachmentPath('https://helpdesk.example.com/api/v1/tickets/attachments/7')).toBeNull();
    expect(store.attachmentPath('https://portal.example.com/api/v10/x')).toBeNull();
    expect(store.attachmentPath('javascript:alert(1)')).toBeNull();
  });
});
