import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { base64url } from "jose";
import type { HistoryDb } from "../../db/history";
import { attachments } from "../../db/history-schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { QUOTAS } from "../../settings";
import { extractDocumentText, UnreadableDocument, type UnreadableReason } from "./extract";
import { checkZip, ZIP_LIMITS, ZipRefused } from "./extract/zip-limits";
import { detectFileType, type FileFormat } from "./file-types";
import type { AudioFormat } from "./audio-types";
import { audioLength } from "./audio-length";
import type { Attachment } from "../schemas";

export type AttachmentRow = typeof attachments.$inferSelect;

export const ATTACHMENT_TEXTS = {
  notFound: "Вложение не найдено",
  alreadySent: "Вложение уже отправлено в другом сообщении",
  tooManyDocuments:
    "Вы можете прикрепить только один документ. Возможность загрузки нескольких документов станет доступна в " +
    "ближайшее время.",
  tooManyImages: `Можно прикрепить не больше ${QUOTAS.imagesPerMessage} изображений к сообщению`,
  tooLarge: `Файл слишком большой: максимум ${QUOTAS.uploadMaxBytes / 1024 / 1024} МБ`,
  unsupported:
    "Неподдерживаемый тип файла: можно изображения (PNG, JPEG, WEBP, GIF), документы (PDF, DOC, DOCX, TXT) и " +
    "голосовые записи (OGG, WEBM, MP3, M4A, WAV)",
  audioTooLarge: `Запись слишком большая: максимум ${QUOTAS.audioMaxBytes / 1024 / 1024} МБ`,
  audioTooLong: `Запись слишком длинная: не больше ${QUOTAS.audioMaxSeconds / 60} минут`,
  audioUnreadable: "Не удалось определить длину записи: файл повреждён или сохранён в неверном формате",
  tooManyAudio: "К сообщению можно приложить одну голосовую запись",
  badSignature: "Ссылка на файл недействительна",
  expired: "Срок действия ссылки на файл истёк",
  zipTooLarge:
    `Документ слишком большой в распакованном виде: не больше ` +
    `${ZIP_LIMITS.uncompressedBytes / 1024 / 1024} МБ и ${ZIP_LIMITS.entries} частей внутри`,
} as const;

const UNREADABLE_TEXTS: Record<UnreadableReason, string> = {
  encrypted: "Документ защищён паролем: снимите защиту и загрузите его снова",
  corrupt: "Не удалось прочитать документ: файл повреждён или сохранён в неверном формате",
  empty: "В документе нет текста, который можно прочитать (возможно, это скан без текстового слоя)",
};

/** Longest kept filename, characters; a longer one is cut before its extension. */
export const FILENAME_MAX_CHARS = 200;

/** How long a signed file URL works: long enough for a page that stays open, short enough to not leak. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

/**
 * Stores one upload: judges the bytes (415 for anything but the allowed images and documents),
 * reads a document's text (422 when there is none to read), then puts the bytes into R2 under
 * `u/<userId>/<uuid>` and the row into the user's history shard. A refused file leaves nothing behind in either.
 */
export async function storeUpload(
  env: Env,
  db: HistoryDb,
  userId: number,
  upload: { name: string; bytes: Uint8Array },
): Promise<AttachmentRow> {
  if (upload.bytes.byteLength > QUOTAS.uploadMaxBytes) throw new ApiError(413, ATTACHMENT_TEXTS.tooLarge);
  await checkZipUpload(upload.bytes);
  const detected = await detectFileType(upload.bytes);
  if (!detected) throw new ApiError(415, ATTACHMENT_TEXTS.unsupported);
  if (detected.kind === "audio") checkRecording(upload.bytes, detected.format as AudioFormat);
  let extractedText: string | null = null;
  if (detected.kind === "document") {
    try {
      extractedText = await extractDocumentText(env, detected, upload.bytes);
    } catch (err) {
      if (err instanceof UnreadableDocument) throw new ApiError(422, UNREADABLE_TEXTS[err.reason]);
      throw err;
    }
  }
  const r2Key = `u/${userId}/${crypto.randomUUID()}`;
  const filename = cleanFilename(upload.name, detected.format);
  await env.FILES.put(r2Key, upload.bytes, {
    httpMetadata: { contentType: detected.mimeType },
    customMetadata: { userId: String(userId), filename },
  });
  try {
    const [row] = await db
      .insert(attachments)
      .values({
        userId,
        kind: detected.kind,
        filename,
        contentType: detected.mimeType,
        size: upload.bytes.byteLength,
        r2Key,
        extractedText,
      })
      .returning();
    return row!;
  } catch (err) {
    await env.FILES.delete(r2Key);
    throw err;
  }
}

/**
 * A voice recording within the limits of settings: its size, and its length judged from its own
 * bytes. What cannot be judged, or holds more bytes than its length can take, is refused: the
 * whole file goes to speech-to-text, which is paid by what it hears (docs/conversations.md "Voice").
 * Returns the seconds it plays.
 */
export function checkRecording(bytes: Uint8Array, format: AudioFormat): number {
  if (bytes.byteLength > QUOTAS.audioMaxBytes) throw new ApiError(413, ATTACHMENT_TEXTS.audioTooLarge);
  const length = audioLength(bytes, format);
  if (!length) throw new ApiError(422, ATTACHMENT_TEXTS.audioUnreadable);
  // A second of slack: containers round, and the recorder stops on the limit itself.
  if (length.seconds > QUOTAS.audioMaxSeconds + 1) throw new ApiError(422, ATTACHMENT_TEXTS.audioTooLong);
  if (bytes.byteLength > length.maxBytesPerSecond * Math.max(length.seconds, 1) + AUDIO_HEADER_SLACK_BYTES) {
    throw new ApiError(422, ATTACHMENT_TEXTS.audioUnreadable);
  }
  return length.seconds;
}

/** Room for a recording's headers and tags beside its sound (an MP3's ID3 tag, OpusTags, WebM's Tracks). */
const AUDIO_HEADER_SLACK_BYTES = 64 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Any ZIP (a DOCX) is judged by its directory before a reader inflates it (extract/zip-limits.ts). */
async function checkZipUpload(bytes: Uint8Array): Promise<void> {
  if (!ZIP_SIGNATURE.every((byte, i) => bytes[i] === byte)) return;
  try {
    await checkZip(bytes);
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    throw new ApiError(422, err.reason === "too-large" ? ATTACHMENT_TEXTS.zipTooLarge : UNREADABLE_TEXTS.corrupt);
  }
}

/**
 * The name the user gave the file, kept as it was but safe to show and serve: path parts and
 * control characters dropped, trimmed, at most `FILENAME_MAX_CHARS` (the extension survives the
 * cut). A name left empty becomes `файл.<format>`.
 */
export function cleanFilename(name: string, format: FileFormat): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control and bidi characters are what a filename must lose
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, "")
    .trim();
  if (!base || base === "." || base === "..") return `файл.${format}`;
  const chars = [...base];
  if (chars.length <= FILENAME_MAX_CHARS) return base;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : "";
  return (
    chars
      .slice(0, FILENAME_MAX_CHARS - [...ext].length)
      .join("")
      .trimEnd() + ext
  );
}

/** One attachment by id, whoever owns it (the signed file route and the share route check access). */
export async function findAttachment(db: HistoryDb, attachmentId: number): Promise<AttachmentRow | undefined> {
  return db.select().from(attachments).where(eq(attachments.id, attachmentId)).get();
}

/**
 * The caller's uploaded attachments for one message: every id must be the user's (else 404, the
 * same answer as for an unknown id) and not yet sent (409); at most `QUOTAS.documentsPerMessage`
 * documents and `QUOTAS.imagesPerMessage` images (422). Rows come back in the order of `ids`
 * (duplicates dropped). Read-only: link them with `linkAttachments` in the batch that writes the message.
 */
export async function claimAttachments(db: HistoryDb, userId: number, ids: number[]): Promise<AttachmentRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.userId, userId), inArray(attachments.id, unique)));
  if (rows.length !== unique.length) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
  if (rows.some((row) => row.messageId !== null)) throw ApiError.conflict(ATTACHMENT_TEXTS.alreadySent);
  const count = (kind: AttachmentRow["kind"]) => rows.filter((row) => row.kind === kind).length;
  if (count("document") > QUOTAS.documentsPerMessage) throw new ApiError(422, ATTACHMENT_TEXTS.tooManyDocuments);
  if (count("image") > QUOTAS.imagesPerMessage) throw new ApiError(422, ATTACHMENT_TEXTS.tooManyImages);
  if (count("audio") > QUOTAS.audioPerMessage) throw new ApiError(422, ATTACHMENT_TEXTS.tooManyAudio);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => byId.get(id)!);
}

/**
 * The statement that links claimed attachments to the message they were sent with. It is NOT
 * run: put it into the `db.batch` that writes the message (D1 has no interactive transactions).
 * It only takes rows still unlinked, so a racing second send cannot steal them. Returns null for
 * no ids (a batch must not get an empty statement).
 */
export function linkAttachments(db: HistoryDb, userId: number, ids: number[], messageId: number | SQL) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return null;
  return db
    .update(attachments)
    .set({ messageId })
    .where(and(inArray(attachments.id, unique), eq(attachments.userId, userId), isNull(attachments.messageId)));
}

// A key only for file links, derived from the JWT secret with a purpose label: a file signature
// can never be replayed as anything else, and the raw secret is not used twice.
async function urlSigningKey(env: Env): Promise<CryptoKey> {
  if (!env.JWT_SECRET) throw new ApiError(503, "Файлы временно недоступны: сервер не настроен");
  const master = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.JWT_SECRET), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(),
      info: new TextEncoder().encode("yasno attachment url v1"),
    },
    master,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
}

// Attachment ids are unique within a history shard, so a link names the shard too, under the signature.
const signedPayload = (shard: number, attachmentId: number, exp: number) =>
  new TextEncoder().encode(`attachment:${shard}:${attachmentId}:${exp}`);

/** `/api/v2/attachments/{id}/file?s=<shard>&exp=<unix s>&sig=<HMAC-SHA256 base64url>`, valid `ttlSeconds`. */
export async function signedAttachmentUrl(
  env: Env,
  shard: number,
  attachmentId: number,
  ttlSeconds = SIGNED_URL_TTL_SECONDS,
): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const sig = new Uint8Array(
    await crypto.subtle.sign("HMAC", await urlSigningKey(env), signedPayload(shard, attachmentId, exp)),
  );
  return `/api/v2/attachments/${attachmentId}/file?s=${shard}&exp=${exp}&sig=${base64url.encode(sig)}`;
}

/** Checks a file link: a wrong or missing signature → 403, an expired one → 403 with its own text. */
export async function verifyAttachmentSignature(
  env: Env,
  shard: number,
  attachmentId: number,
  exp: number,
  sig: string,
): Promise<void> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = new Uint8Array(base64url.decode(sig));
  } catch {
    throw ApiError.forbidden(ATTACHMENT_TEXTS.badSignature);
  }
  const ok = await crypto.subtle.verify("HMAC", await urlSigningKey(env), raw, signedPayload(shard, attachmentId, exp));
  if (!ok) throw ApiError.forbidden(ATTACHMENT_TEXTS.badSignature);
  if (exp < Math.floor(Date.now() / 1000)) throw ApiError.forbidden(ATTACHMENT_TEXTS.expired);
}

/** The link to an attachment of a shared topic; it works only through that share (served by routes/share.ts). */
export function shareAttachmentUrl(hash: string, attachmentId: number): string {
  return `/api/v2/share/${encodeURIComponent(hash)}/attachments/${attachmentId}`;
}

/** The bytes of an attachment (images for the model). Null when the object is gone. */
export async function readAttachmentBytes(env: Env, r2Key: string): Promise<Uint8Array | null> {
  const object = await env.FILES.get(r2Key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** The Attachment shape of docs/conversations.md; `url` is a signed link or, in a shared history, the share link. */
export type AttachmentView = Attachment;

export const toAttachmentView = (row: AttachmentRow, url: string): AttachmentView => ({
  id: row.id,
  filename: row.filename,
  content_type: row.kind,
  mime_type: row.contentType,
  size: row.size,
  url,
});

/** The owner's view: each `url` signed for `SIGNED_URL_TTL_SECONDS`. */
export const ownerAttachmentViews = (env: Env, shard: number, rows: AttachmentRow[]): Promise<AttachmentView[]> =>
  Promise.all(rows.map(async (row) => toAttachmentView(row, await signedAttachmentUrl(env, shard, row.id))));

/** A share viewer's view: each `url` works only through the share link. */
export const sharedAttachmentViews = (hash: string, rows: AttachmentRow[]): AttachmentView[] =>
  rows.map((row) => toAttachmentView(row, shareAttachmentUrl(hash, row.id)));

/**
 * The bytes of an attachment as an HTTP answer: its Content-Type, inline for images and as a
 * download for documents (RFC 5987 `filename*` so Cyrillic names survive), private caching.
 * 404 when the object is gone. The owner's file route and the share route both answer with it.
 */
export async function attachmentFileResponse(env: Env, row: AttachmentRow): Promise<Response> {
  const object = await env.FILES.get(row.r2Key);
  if (!object) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
  return new Response(object.body, {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": contentDisposition(row.kind === "document" ? "attachment" : "inline", row.filename),
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Removes attachment bytes from R2 (topic deletion: the D1 rows go by cascade, the bytes do not). */
export async function deleteAttachmentObjects(env: Env, r2Keys: string[]): Promise<void> {
  // R2 deletes up to 1000 keys per call.
  for (let i = 0; i < r2Keys.length; i += 1000) await env.FILES.delete(r2Keys.slice(i, i + 1000));
}
