import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { diskAttachmentStore } from './storage';

/*
 * A full disk, for real: a 64 KiB tmpfs mounted for this file (root only; elsewhere the test says why
 * it is skipped). No mock of fs: the kernel answers ENOSPC part way through the write.
 */

function mountSmallDisk(): { dir: string; unmount(): void } | string {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'mounting a tmpfs needs root on Linux';
  const dir = mkdtempSync(join(tmpdir(), 'vendor-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `mount -t tmpfs failed here (${(error as Error).message.split('\n')[0]})`;
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const disk = mountSmallDisk();
if (typeof disk === 'string') process.stdout.write(`storage-full.test.ts skipped: ${disk}\n`);
const mounted = typeof disk === 'string' ? null : disk;
afterAll(() => mounted?.unmount());

describe.skipIf(mounted === null)('attachment store on a full disk', () => {
  const directory = () => join(mounted?.dir ?? '', 'ticket-attachments');

  it('refuses with 507 insufficient_storage and leaves no partial file behind', async () => {
    const store = diskAttachmentStore(directory());
    const tooBig = new Uint8Array(256 * 1024).fill(7);
    const failure = await store.put(tooBig).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).httpStatus).toBe(507);
    expect((failure as HttpError).body()).toEqual({
      status: 'insufficient_storage',
      code: 'insufficient_storage',
      message: 'There is no room to store the attached files right now. Please try again later.',
      data: null,
    });
    expect(readdirSync(directory())).toEqual([]);
  });

  it('stores files that fit, once there is room again', async () => {
    const store = diskAttachmentStore(directory());
    const name = await store.put(new Uint8Array(1024).fill(1));
    expect(readdirSync(directory())).toEqual([name]);
    expect((await store.open(name))?.size).toBe(1024);
  });
});
