import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createBotUser, detailOf, registerUser, uniqueIp } from "./helpers";
import { makeDocx, makeGif } from "./fixtures/files";
import { newUser, storedFor, upload } from "./fixtures/uploads";

const ZIP_TOO_LARGE = "Документ слишком большой в распакованном виде: не больше 20 МБ и 1000 частей внутри";
const MB = 1024 * 1024;
const encoder = new TextEncoder();

type ZipEntry = { name: string; data: Uint8Array; method: 0 | 8; uncompressedSize: number };

/** Raw deflate of `size` bytes of `byte`, streamed through the runtime's zlib (no big buffer held). */
async function deflateRepeated(byte: number, size: number): Promise<Uint8Array> {
  const stream = new CompressionStream("deflate-raw");
  const chunk = new Uint8Array(MB).fill(byte);
  const writing = (async () => {
    const writer = stream.writable.getWriter();
    for (let left = size; left > 0; left -= MB) await writer.write(left >= MB ? chunk : chunk.subarray(0, left));
    await writer.close();
  })();
  const out = new Uint8Array(await new Response(stream.readable).arrayBuffer());
  await writing;
  return out;
}

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const stored = (name: string, text: string): ZipEntry => {
  const data = encoder.encode(text);
  return { name, data, method: 0, uncompressedSize: data.length };
};

/**
 * A ZIP written by hand, so a test can say in its directory what it likes (a size that lies).
 * CRCs are left 0: the readers here do not check them, and nothing real is ever extracted.
 */
function zip(entries: ZipEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, entry.method, true);
    local.setUint32(18, entry.data.length, true);
    local.setUint32(22, entry.uncompressedSize, true);
    local.setUint16(26, name.length, true);
    parts.push(new Uint8Array(local.buffer), name, entry.data);
    const header = new DataView(new ArrayBuffer(46));
    header.setUint32(0, 0x02014b50, true);
    header.setUint16(4, 20, true);
    header.setUint16(6, 20, true);
    header.setUint16(10, entry.method, true);
    header.setUint32(20, entry.data.length, true);
    header.setUint32(24, entry.uncompressedSize, true);
    header.setUint16(28, name.length, true);
    header.setUint32(42, offset, true);
    central.push(new Uint8Array(header.buffer), name);
    offset += 30 + name.length + entry.data.length;
  }
  const centralSize = central.reduce((n, part) => n + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, Math.min(entries.length, 0xfffe), true);
  end.setUint16(10, Math.min(entries.length, 0xfffe), true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const CONTENT_TYPES = stored(
  "[Content_Types].xml",
  '<?xml version="1.0" encoding="UTF-8"?><Types ' +
    'xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ' +
    'ContentType="application/xml"/></Types>',
);

async function expectRefused(res: Response, userId: number, detail: string) {
  expect(res.status).toBe(422);
  expect(await detailOf(res)).toBe(detail);
  expect(await storedFor(userId)).toEqual({ keys: [], rows: [] });
}

describe("POST /attachments/upload/: a ZIP is judged before anything inflates it", () => {
  it(
    "a DOCX whose document.xml inflates to 200 MB (a zip bomb of a few hundred KB) → 422, nothing " + "stored",
    async () => {
      const { record, userId } = await newUser();
      const document = {
        name: "word/document.xml",
        data: await deflateRepeated(0x41, 200 * MB),
        method: 8 as const,
        uncompressedSize: 200 * MB,
      };
      const bomb = zip([CONTENT_TYPES, document]);
      expect(bomb.length).toBeLessThan(MB);
      await expectRefused(await upload(record, bomb, "бомба.docx"), userId, ZIP_TOO_LARGE);
    },
  );

  it(
    "a DOCX whose directory lies about the size (declares 1 KB, inflates to 64 MB) → 422, nothing " + "stored",
    async () => {
      const { record, userId } = await newUser();
      const document = {
        name: "word/document.xml",
        data: await deflateRepeated(0x41, 64 * MB),
        method: 8 as const,
        uncompressedSize: 1024,
      };
      await expectRefused(await upload(record, zip([CONTENT_TYPES, document]), "ложь.docx"), userId, ZIP_TOO_LARGE);
    },
  );

  it("a DOCX of 1,001 parts → 422, nothing stored", async () => {
    const { record, userId } = await newUser();
    const parts = Array.from({ length: 1000 }, (_, i) => stored(`word/media/part${i}.xml`, "<x/>"));
    const document = stored(
      "word/document.xml",
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Текст</w:t></w:r></w:p></w:body></w:document>',
    );
    await expectRefused(
      await upload(record, zip([CONTENT_TYPES, document, ...parts]), "части.docx"),
      userId,
      ZIP_TOO_LARGE,
    );
  });

  it("a normal DOCX, deflated and within the bounds, is still read", async () => {
    const { record } = await newUser();
    const res = await upload(record, await makeDocx(["Договор поставки", "Пункт 1"]), "договор.docx");
    expect(res.status).toBe(201);
  });

  it("a hand-written DOCX with an honest directory passes the check too", async () => {
    const { record } = await newUser();
    const xml = encoder.encode(
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Привет</w:t></w:r></w:p></w:body></w:document>',
    );
    const document = {
      name: "word/document.xml",
      data: await deflate(xml),
      method: 8 as const,
      uncompressedSize: xml.length,
    };
    const res = await upload(record, zip([CONTENT_TYPES, document]), "привет.docx");
    expect(res.status, await res.clone().text()).toBe(201);
  });
});

describe("uploads are rate limited per user", () => {
  const noFile = (headers: Record<string, string>, url: string) =>
    SELF.fetch(url, { method: "POST", headers: { "cf-connecting-ip": uniqueIp(), ...headers }, body: new FormData() });

  it(
    "the web upload: the 31st within a minute → 429 with Retry-After, counted before the body is read; another " +
      "user is unaffected",
    async () => {
      const { record, userId } = await newUser();
      const headers = { "jwt-token": record.access_token };
      // Refused bodies count too: the limit is on attempts, each of which may read a document.
      for (let i = 0; i < 30; i++)
        expect((await noFile(headers, "http://app.test/api/v2/attachments/upload/")).status).toBe(422);
      const over = await upload(record, await makeGif(), "кадр.gif");
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await detailOf(over)).toMatch(/^Слишком много попыток/);
      expect(await storedFor(userId)).toEqual({ keys: [], rows: [] });
      const other = await newUser();
      expect((await upload(other.record, await makeGif(), "кадр.gif")).status).toBe(201);
    },
  );

  it("the bots' upload: per bot user, the 31st within a minute → 429", async () => {
    const { externalId, internal } = await createBotUser();
    const url = `http://app.test/internal/api/v2/attachments/tg/${externalId}`;
    for (let i = 0; i < 30; i++) expect((await noFile(internal, url)).status).toBe(422);
    const form = new FormData();
    form.append("file", new File([await makeGif()], "кадр.gif"));
    const over = await SELF.fetch(url, {
      method: "POST",
      headers: { ...internal, "cf-connecting-ip": uniqueIp() },
      body: form,
    });
    expect(over.status).toBe(429);
    // The web user of another account is not counted against this one.
    const { record } = await registerUser();
    expect((await upload(record, await makeGif(), "кадр.gif")).status).toBe(201);
  });
});
