import { inflateRawSync } from 'node:zlib';

/** The files of a zip as createZip writes them (local headers with sizes, deflate or stored). */
export function readZipEntries(zip: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  let offset = 0;
  while (zip.readUInt32LE(offset) === 0x04034b50) {
    const method = zip.readUInt16LE(offset + 8);
    const packedSize = zip.readUInt32LE(offset + 18);
    const nameLength = zip.readUInt16LE(offset + 26);
    const extraLength = zip.readUInt16LE(offset + 28);
    const name = zip.toString('utf8', offset + 30, offset + 30 + nameLength);
    const start = offset + 30 + nameLength + extraLength;
    const packed = zip.subarray(start, start + packedSize);
    entries.set(name, (method === 8 ? inflateRawSync(packed) : packed).toString('utf8'));
    offset = start + packedSize;
  }
  return entries;
}
