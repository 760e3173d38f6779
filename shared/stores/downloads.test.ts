import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadItem } from '../../test/fixtures/licences';
import { createApiClient } from '../api/client';
import { progressFetch } from '../api/download';
import { createDownloadsStore } from './downloads';
import { createSessionStore } from './session';
import { createMemoryStorage } from './storage';

const fetchSpy = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchSpy.mockReset();
  // downloadBlob goes through the page's fetch (with a progress-counting wrapper).
  vi.stubGlobal('fetch', fetchSpy);
});

const client = () =>
  createApiClient({
    baseURL: 'https://portal.example.test/api/v1',
    session: createSessionStore(createMemoryStorage()),
    fetch: fetchSpy,
  });

function file(bytes: number, name: string | null = 'addons-plugin.zip'): Response {
  const headers: Record<string, string> = {
    'Content-Length': String(bytes),
    'Content-Type': 'application/zip',
  };
  if (name) headers['Content-Disposition'] = `attachment; filename="${name}"`;
  return new Response(new Uint8Array(bytes), { headers });
}

describe('downloads store', () => {
  it("lists PRO downloads, or says 'Failed to get downloads'", async () => {
    fetchSpy.mockResolvedValueOnce(Response.json([downloadItem('Addons Plugin', 4372)]));
    const store = createDownloadsStore(client());
    await store.load();
    expect(store.$downloads.get().items).toHaveLength(1);
    fetchSpy.mockResolvedValueOnce(Response.json({ code: 'service_unavailable' }, { status: 503 }));
    await store.reload();
    expect(store.$downloads.get()).toEqual({ state: 'error', items: [], error: 'Failed to get downloads' });
    // spec §8: a 500 internal_server_error has its own text, whatever the call.
    fetchSpy.mockResolvedValueOnce(Response.json({ code: 'internal_server_error' }, { status: 500 }));
    await store.reload();
    expect(store.$downloads.get().error).toBe('Something went wrong, please try again later.');
  });

  it('posts the item fields and gives the file its server name, or the item file name', async () => {
    const item = downloadItem('Addons Plugin', 4372);
    const store = createDownloadsStore(client());
    fetchSpy.mockResolvedValueOnce(file(10));
    const saved = await store.download(item);
    expect(saved?.filename).toBe('addons-plugin.zip');
    expect(saved?.blob.size).toBe(10);
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({
      download_name: 'Addons Plugin',
      download_id: 4372,
      price_id: 1,
      payment_id: 11,
      download_key: 'key-4372',
      token: 'token-4372',
    });
    fetchSpy.mockResolvedValueOnce(file(10, null));
    expect((await store.download(item))?.filename).toBe('addons-plugin.zip');
  });

  it("sends one file at a time and says 'Failed to download' on any failure", async () => {
    const item = downloadItem('Addons Plugin', 4372);
    const store = createDownloadsStore(client());
    let release: (r: Response) => void = () => {};
    fetchSpy.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const first = store.download(item);
    expect(await store.download(item)).toBeNull();
    expect(store.$active.get().download?.key).toBe('key-4372:4372');
    // The download code loads with the first file: the request goes out once it is there.
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    release(Response.json({ code: 'invalid_signature', message: 'expired' }, { status: 403 }));
    await expect(first).rejects.toThrow('Failed to download');
    expect(store.$active.get().download).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});

describe('progressFetch', () => {
  it('reports bytes as they arrive against Content-Length', async () => {
    const seen: [number, number | null][] = [];
    fetchSpy.mockResolvedValueOnce(file(5000));
    const response = await progressFetch((p) => seen.push([p.loaded, p.total]))('https://x.test/file');
    expect((await response.blob()).size).toBe(5000);
    expect(seen[0]).toEqual([0, 5000]);
    expect(seen.at(-1)).toEqual([5000, 5000]);
    expect(response.headers.get('Content-Disposition')).toContain('addons-plugin.zip');
  });
});
