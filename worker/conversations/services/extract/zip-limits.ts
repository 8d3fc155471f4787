/**
 * Bounds of a ZIP (a DOCX is one) checked before anything inflates it: a 65 KB "zip bomb" can
 * declare or hold gigabytes. Word's own files are far below both.
 */
export const ZIP_LIMITS = { entries: 1000, uncompressedBytes: 20 * 1024 * 1024 } as const;

export class ZipRefused extends Error {
  constructor(readonly reason: "too-large" | "unreadable") {
    super(`zip refused: ${reason}`);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

type Entry = { method: number; compressedSize: number; uncompressedSize: number; localOffset: number };

/**
 * Judges a ZIP by its central directory alone (nothing inflated): more than `ZIP_LIMITS.entries`
 * entries, or declared sizes that add up past `ZIP_LIMITS.uncompressedBytes`, throw
 * `ZipRefused("too-large")`. Declared sizes can lie, so then each deflated entry is inflated
 * natively as a stream that stops at the size it declared: a lying entry costs at most that much
 * work and throws too. A directory that cannot be read (or ZIP64, which no small DOCX needs)
 * throws `ZipRefused("unreadable")`.
 */
export async function checkZip(bytes: Uint8Array): Promise<void> {
  const entries = centralDirectory(bytes);
  let total = 0;
  for (const entry of entries) total += entry.uncompressedSize;
  if (total > ZIP_LIMITS.uncompressedBytes) throw new ZipRefused("too-large");
  for (const entry of entries) await checkEntryData(bytes, entry);
}

function centralDirectory(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  let eocd = -1;
  for (let at = bytes.length - EOCD_SIZE; at >= Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT); at--) {
    if (u32(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefused("unreadable");
  const declaredCount = u16(eocd + 10);
  const offset = u32(eocd + 16);
  if (declaredCount === 0xffff || offset === 0xffffffff) throw new ZipRefused("unreadable");
  if (declaredCount > ZIP_LIMITS.entries) throw new ZipRefused("too-large");
  const entries: Entry[] = [];
  // Walk every header that is there, as readers do, whatever the count above says.
  let at = offset;
  while (at + 46 <= bytes.length && u32(at) === CENTRAL) {
    if (entries.length === ZIP_LIMITS.entries) throw new ZipRefused("too-large");
    const entry = {
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      uncompressedSize: u32(at + 24),
      localOffset: u32(at + 42),
    };
    if (
      entry.compressedSize === 0xffffffff ||
      entry.uncompressedSize === 0xffffffff ||
      entry.localOffset === 0xffffffff
    ) {
      throw new ZipRefused("unreadable");
    }
    entries.push(entry);
    at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32);
  }
  if (entries.length === 0 && declaredCount > 0) throw new ZipRefused("unreadable");
  return entries;
}

async function checkEntryData(bytes: Uint8Array, entry: Entry): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (entry.localOffset + 30 > bytes.length || view.getUint32(entry.localOffset, true) !== LOCAL)
    throw new ZipRefused("unreadable");
  const start =
    entry.localOffset +
    30 +
    view.getUint16(entry.localOffset + 26, true) +
    view.getUint16(entry.localOffset + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipRefused("unreadable");
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) throw new ZipRefused("unreadable");
  // Other methods are never inflated by the readers (JSZip knows only stored and deflate).
  if (entry.method !== 8) return;
  if (!(await inflatesWithin(bytes.subarray(start, end), entry.uncompressedSize))) throw new ZipRefused("too-large");
}

/** Whether raw deflate data inflates to at most `max` bytes; stops reading as soon as it does not. */
async function inflatesWithin(data: Uint8Array, max: number): Promise<boolean> {
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  writer.write(data as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return false;
      }
    }
  } catch {
    throw new ZipRefused("unreadable");
  }
}
