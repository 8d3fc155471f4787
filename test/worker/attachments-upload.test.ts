import { env } from "cloudflare:test";
import * as CFB from "cfb";
import { describe, expect, it } from "vitest";
import { detailOf } from "./helpers";
import { DOC_BASE64, DOC_PARAGRAPHS, ENCRYPTED_PDF_BASE64 } from "./fixtures/office-fixtures";
import {
  cp1251,
  makeDocx,
  makeExe,
  makeGif,
  makeJpeg,
  makeOtherZip,
  makePdf,
  makePng,
  makeWebp,
} from "./fixtures/files";
import { extractedTextOf, newUser, storedFor, upload, uploadOk } from "./fixtures/uploads";

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
const docFixture = () => fromBase64(DOC_BASE64);

const UNSUPPORTED =
  "Неподдерживаемый тип файла: можно изображения (PNG, JPEG, WEBP, GIF), документы (PDF, DOC, DOCX, TXT) и " +
  "голосовые записи (OGG, WEBM, MP3, M4A, WAV)";

describe("POST /attachments/upload/: images", () => {
  it.each([
    ["PNG", "фото.png", makePng, "image/png"],
    ["JPEG", "photo.jpg", makeJpeg, "image/jpeg"],
    ["WEBP", "sticker.webp", makeWebp, "image/webp"],
    ["GIF", "anim.gif", makeGif, "image/gif"],
  ] as const)("stores a %s in R2 under the owner and answers 201", async (_, name, make, mime) => {
    const { record, userId } = await newUser();
    const bytes = await make();
    const res = await upload(record, bytes, name, mime);
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ filename: name, content_type: "image", mime_type: mime, size: bytes.length });
    expect(body.url).toMatch(
      new RegExp(`^/api/v2/attachments/${body.attachment_id}/file\\?s=\\d+&exp=\\d+&sig=[\\w-]+$`),
    );

    const stored = await storedFor(userId);
    expect(stored.keys).toHaveLength(1);
    expect(stored.keys[0]).toMatch(new RegExp(`^u/${userId}/[0-9a-f-]{36}$`));
    const object = await env.FILES.get(stored.keys[0]!);
    expect(object?.httpMetadata?.contentType).toBe(mime);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    expect(stored.rows).toEqual([
      expect.objectContaining({ id: body.attachment_id, kind: "image", message_id: null, extracted_text: null }),
    ]);
  });

  it("judges by the bytes: PNG bytes named .pdf and declared as PDF are stored as an image", async () => {
    const { record } = await newUser();
    const res = await upload(record, await makePng(), "договор.pdf", "application/pdf");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ filename: "договор.pdf", content_type: "image", mime_type: "image/png" });
  });
});

describe("POST /attachments/upload/: documents, their text read at upload", () => {
  it("PDF: the text layer, Cyrillic included", async () => {
    const { record } = await newUser();
    const body = await uploadOk(record, makePdf(["Договор аренды № 1", "Арендатор: Ёлкин Пётр"]), "договор.pdf");
    expect(body).toMatchObject({ content_type: "document", mime_type: "application/pdf" });
    const text = await extractedTextOf(body);
    expect(text).toContain("Договор аренды № 1");
    expect(text).toContain("Арендатор: Ёлкин Пётр");
  });

  it("DOCX built with a zip library", async () => {
    const { record } = await newUser();
    const body = await uploadOk(
      record,
      await makeDocx(["Исковое заявление", "Прошу суд взыскать 10 000 ₽."]),
      "иск.docx",
    );
    expect(body).toMatchObject({
      content_type: "document",
      mime_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    expect(await extractedTextOf(body)).toBe("Исковое заявление\n\nПрошу суд взыскать 10 000 ₽.");
  });

  it("DOC (Word 97–2003, made by LibreOffice: scripts/fixtures/make-office-fixtures.mjs)", async () => {
    const { record } = await newUser();
    const body = await uploadOk(record, docFixture(), "договор.doc");
    expect(body).toMatchObject({ content_type: "document", mime_type: "application/msword" });
    const text = await extractedTextOf(body);
    for (const paragraph of DOC_PARAGRAPHS) expect(text).toContain(paragraph);
  });

  it("TXT in UTF-8", async () => {
    const { record } = await newUser();
    const body = await uploadOk(
      record,
      new TextEncoder().encode("Претензия\r\nВерните деньги за товар.\r\n"),
      "претензия.txt",
    );
    expect(body).toMatchObject({ content_type: "document", mime_type: "text/plain; charset=utf-8" });
    expect(await extractedTextOf(body)).toBe("Претензия\nВерните деньги за товар.");
  });

  it("TXT in windows-1251 is read as Russian, and served with its charset", async () => {
    const { record } = await newUser();
    const body = await uploadOk(
      record,
      cp1251("Жалоба на управляющую компанию.\r\nЁлки во дворе не убраны."),
      "жалоба.txt",
    );
    expect(body.mime_type).toBe("text/plain; charset=windows-1251");
    expect(await extractedTextOf(body)).toBe("Жалоба на управляющую компанию.\nЁлки во дворе не убраны.");
  });

  it("TXT in UTF-16 with its BOM (Notepad's «Unicode»)", async () => {
    const { record } = await newUser();
    const text = "Заявление о возврате";
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (const [i, ch] of [...text].entries()) new DataView(bytes.buffer).setUint16(2 + i * 2, ch.charCodeAt(0), true);
    const body = await uploadOk(record, bytes, "заявление.txt");
    expect(body.mime_type).toBe("text/plain; charset=utf-16le");
    expect(await extractedTextOf(body)).toBe(text);
  });
});

describe("POST /attachments/upload/: refused files leave nothing behind", () => {
  const refuses = async (bytes: Uint8Array, name: string, status: number, detail: string) => {
    const { record, userId } = await newUser();
    const res = await upload(record, bytes, name);
    expect(res.status).toBe(status);
    expect(await detailOf(res)).toBe(detail);
    expect(await storedFor(userId)).toEqual({ keys: [], rows: [] });
  };

  it("an .exe → 415", () => refuses(makeExe(), "setup.exe", 415, UNSUPPORTED));
  it("an .exe renamed to .docx → 415", () => refuses(makeExe(), "договор.docx", 415, UNSUPPORTED));
  it("a ZIP without word/document.xml → 415", async () =>
    refuses(await makeOtherZip(), "table.xlsx", 415, UNSUPPORTED));
  it("an OLE2 file without a WordDocument stream (old Excel) → 415", () => {
    const cfb = CFB.utils.cfb_new();
    CFB.utils.cfb_add(cfb, "/Workbook", new Uint8Array(600).fill(7));
    return refuses(new Uint8Array(CFB.write(cfb, { type: "array" }) as number[]), "table.xls", 415, UNSUPPORTED);
  });
  it("a DOC whose WordDocument stream is broken → 422", () => {
    const cfb = CFB.read(docFixture(), { type: "array" });
    const stream = CFB.find(cfb, "WordDocument")!;
    stream.content = new Uint8Array(stream.content.length) as unknown as typeof stream.content;
    const broken = new Uint8Array(CFB.write(cfb, { type: "array" }) as number[]);
    return refuses(
      broken,
      "битый.doc",
      422,
      "Не удалось прочитать документ: файл повреждён или сохранён в неверном формате",
    );
  });
  it("an empty file → 415", () => refuses(new Uint8Array(), "empty.txt", 415, UNSUPPORTED));
  it("binary bytes that are neither UTF-8 nor Russian windows-1251 → 415", () =>
    refuses(new Uint8Array([0x41, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x42]), "data.txt", 415, UNSUPPORTED));

  it("a PDF without a text layer (a scan) → 422", () =>
    refuses(
      makePdf([]),
      "скан.pdf",
      422,
      "В документе нет текста, который можно прочитать (возможно, это скан без текстового слоя)",
    ));
  it("a password-protected PDF (LibreOffice export) → 422", () =>
    refuses(
      fromBase64(ENCRYPTED_PDF_BASE64),
      "секрет.pdf",
      422,
      "Документ защищён паролем: снимите защиту и загрузите его снова",
    ));
  it("a broken PDF → 422", () =>
    refuses(
      new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog garbage"),
      "битый.pdf",
      422,
      "Не удалось прочитать документ: файл повреждён или сохранён в неверном формате",
    ));
  it("a DOCX with no text → 422", async () =>
    refuses(
      await makeDocx([" "]),
      "пустой.docx",
      422,
      "В документе нет текста, который можно прочитать (возможно, это скан без текстового слоя)",
    ));
  it("a TXT of only blank lines → 422", () =>
    refuses(
      new TextEncoder().encode(" \n\n \t\n"),
      "пусто.txt",
      422,
      "В документе нет текста, который можно прочитать (возможно, это скан без текстового слоя)",
    ));

  it("a file one byte over 20 MB → 413 (the real size)", async () => {
    const bytes = new Uint8Array(20 * 1024 * 1024 + 1);
    bytes.set(await makePng());
    await refuses(bytes, "big.png", 413, "Файл слишком большой: максимум 20 МБ");
  });

  it("a body whose Content-Length is over the limit → 413 before the body is read", async () => {
    const { record, userId } = await newUser();
    const total = 40 * 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const { SELF } = await import("cloudflare:test");
    const res = await SELF.fetch("http://app.test/api/v2/attachments/upload/", {
      method: "POST",
      headers: {
        "jwt-token": record.access_token,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(total),
      },
      body,
    });
    expect(res.status).toBe(413);
    expect(await detailOf(res)).toBe("Файл слишком большой: максимум 20 МБ");
    expect(sent).toBeLessThan(total);
    expect(await storedFor(userId)).toEqual({ keys: [], rows: [] });
  });
});

describe("POST /attachments/upload/: the request", () => {
  it("needs a signed-in user", async () => {
    const res = await upload(null, await makePng(), "a.png");
    expect(res.status).toBe(401);
  });

  it("without the file field → 422 in Russian", async () => {
    const { record } = await newUser();
    const form = new FormData();
    form.append("other", "x");
    const { SELF } = await import("cloudflare:test");
    const res = await SELF.fetch("http://app.test/api/v2/attachments/upload/", {
      method: "POST",
      headers: { "jwt-token": record.access_token },
      body: form,
    });
    expect(res.status).toBe(422);
    expect(await detailOf(res)).toEqual([
      expect.objectContaining({ loc: ["body", "file"], msg: "Выберите файл для загрузки (поле file)" }),
    ]);
  });

  it("keeps the original name but drops path parts and control characters", async () => {
    const { record } = await newUser();
    expect(
      (await uploadOk(record, await makePng(), "C:\\Users\\Иван\\Документы\\  скан\u0007 паспорта.png ")).filename,
    ).toBe("скан паспорта.png");
    expect((await uploadOk(record, await makePng(), "../../etc/passwd")).filename).toBe("passwd");
    expect((await uploadOk(record, await makePng(), "   ")).filename).toBe("файл.png");
  });

  it("cuts a very long name before its extension", async () => {
    const { record } = await newUser();
    const { filename } = await uploadOk(record, makePdf(["Текст"]), `${"очень длинное имя ".repeat(30)}.pdf`);
    expect([...filename].length).toBeLessThanOrEqual(200);
    expect(filename.endsWith(".pdf")).toBe(true);
  });
});
