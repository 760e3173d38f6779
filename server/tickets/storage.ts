import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { storageFull } from '../http/errors';

/**
 * Where attachment bytes live. Files get a random name (never the upload's: no path tricks, no
 * guessing, no overwriting) and are written only once. The disk store keeps them under the data
 * directory; a deployment with several servers replaces it with shared storage behind this interface.
 */
export interface AttachmentStore {
  /** Stores new bytes and returns their storage name. */
  put(bytes: Uint8Array): Promise<string>;
  /** The stored bytes as a stream, with their size; null when missing. */
  open(name: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  remove(name: string): Promise<void>;
}

const storageNamePattern = /^[a-f0-9]{32}$/;

/** Disk full, quota used up, or a file-size limit reached: the write failed for want of room. */
function isOutOfRoom(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG';
}

export function diskAttachmentStore(directory: string): AttachmentStore {
  const root = resolve(directory);
  let ready: Promise<unknown> | null = null;
  // Only names this store made are ever joined to the directory.
  const pathOf = (name: string) => {
    if (!storageNamePattern.test(name)) throw new Error('Not an attachment storage name');
    return join(root, name);
  };
  return {
    async put(bytes) {
      ready ??= mkdir(root, { recursive: true, mode: 0o700 });
      await ready;
      const name = randomBytes(16).toString('hex');
      try {
        // 'wx': fail rather than overwrite, however unlikely a collision of 128 random bits is.
        await writeFile(pathOf(name), bytes, { flag: 'wx', mode: 0o600 });
      } catch (error) {
        // A write that ran out of room leaves the bytes it managed: no half file stays behind.
        await rm(pathOf(name), { force: true });
        if (isOutOfRoom(error)) throw storageFull();
        throw error;
      }
      return name;
    },
    async open(name) {
      const path = pathOf(name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        stream: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
        size: info.size,
      };
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}

let memoryDirectory: Promise<string> | null = null;

/**
 * The attachments directory for a data directory: `<DATA_DIR>/ticket-attachments`. An in-memory
 * database (`memory://`) keeps its files in a temporary directory of this process instead.
 */
export async function attachmentDirectoryFor(dataDir: string): Promise<string> {
  if (!dataDir.startsWith('memory://')) return join(dataDir, 'ticket-attachments');
  memoryDirectory ??= mkdtemp(join(tmpdir(), 'vendor-attachments-'));
  return memoryDirectory;
}
