import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedAttachmentUrl } from "../../worker/conversations/services/attachments";
import { detailOf } from "./helpers";
import { makeDocx, makePng } from "./fixtures/files";
import { newUser, shardOfUpload, uploadOk } from "./fixtures/uploads";

const get = (url: string, headers: Record<string, string> = {}) => SELF.fetch(`http://app.test${url}`, { headers });

describe("GET /attachments/{id}/file", () => {
  it("a signed link serves an image inline, without any header, privately cached", async () => {
    const { record } = await newUser();
    const png = await makePng();
    const { url } = await uploadOk(record, png, "Фото паспорта.png");
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="____ ________.png"; filename*=UTF-8''${encodeURIComponent("Фото паспорта.png")}`,
    );
    expect(res.headers.get("cache-control")).toMatch(/^private/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  it("serves a document as a download", async () => {
    const { record } = await newUser();
    const docx = await makeDocx(["Текст"]);
    const { url } = await uploadOk(record, docx, "report (final).docx");
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="report (final).docx"; filename*=UTF-8''report%20%28final%29.docx`,
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(docx);
  });

  it("a tampered signature → 403", async () => {
    const { record } = await newUser();
    const { url } = await uploadOk(record, await makePng(), "a.png");
    const sig = new URL(url, "http://x").searchParams.get("sig")!;
    const flipped = sig.slice(0, -2) + (sig.endsWith("AA") ? "BB" : "AA");
    const res = await get(url.replace(sig, flipped));
    expect(res.status).toBe(403);
    expect(await detailOf(res)).toBe("Ссылка на файл недействительна");
    expect((await get(url.replace(/&sig=.*/, "&sig=!!!"))).status).toBe(403);
    expect((await get(url.replace(/&sig=.*/, ""))).status).toBe(403);
  });

  it("a link signed for one attachment does not open another (the id is signed) → 403", async () => {
    const { record } = await newUser();
    const mine = await uploadOk(record, await makePng(), "a.png");
    const other = await newUser();
    const theirs = await uploadOk(other.record, await makePng(), "b.png");
    const res = await get(
      mine.url.replace(`/attachments/${mine.attachment_id}/`, `/attachments/${theirs.attachment_id}/`),
    );
    expect(res.status).toBe(403);
  });

  it("a later expiry written into the link breaks its signature → 403", async () => {
    const { record } = await newUser();
    const { url } = await uploadOk(record, await makePng(), "a.png");
    const res = await get(url.replace(/exp=(\d+)/, (_, exp) => `exp=${Number(exp) + 3600}`));
    expect(res.status).toBe(403);
  });

  it("an expired link → 403 with its own text", async () => {
    const { record } = await newUser();
    const upload = await uploadOk(record, await makePng(), "a.png");
    const res = await get(await signedAttachmentUrl(env, shardOfUpload(upload), upload.attachment_id, -5));
    expect(res.status).toBe(403);
    expect(await detailOf(res)).toBe("Срок действия ссылки на файл истёк");
  });

  it("a signed link to an attachment that no longer exists → 404", async () => {
    const res = await get(await signedAttachmentUrl(env, 0, 987_654_321));
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Вложение не найдено");
  });

  it("without a signature: the owner by jwt-token gets it, another user 404, nobody 401", async () => {
    const { record } = await newUser();
    const png = await makePng();
    const { attachment_id } = await uploadOk(record, png, "a.png");
    const path = `/api/v2/attachments/${attachment_id}/file`;
    const own = await get(path, { "jwt-token": record.access_token });
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(png);

    const other = await newUser();
    const foreign = await get(path, { "jwt-token": other.record.access_token });
    expect(foreign.status).toBe(404);
    expect(await detailOf(foreign)).toBe("Вложение не найдено");
    expect((await get(path)).status).toBe(401);
  });

  it("a bad id → 404", async () => {
    expect((await get("/api/v2/attachments/abc/file?exp=1&sig=x")).status).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("documents the upload as multipart with a binary file field, and the file route", async () => {
    const res = await SELF.fetch("http://app.test/api/v2/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    const upload = doc.paths["/api/v2/attachments/upload"]?.post;
    expect(upload?.requestBody?.content["multipart/form-data"]?.schema).toMatchObject({
      properties: { file: { type: "string", format: "binary" } },
      required: ["file"],
    });
    expect(doc.paths["/api/v2/attachments/{id}/file"]?.get).toBeDefined();
  });
});
