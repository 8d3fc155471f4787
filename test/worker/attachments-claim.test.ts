import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { historyDb } from "../../worker/db/history";
import { messages } from "../../worker/db/history-schema";
import { historyOf } from "./topics-db";
import { ApiError } from "../../worker/http/errors";
import {
  claimAttachments,
  deleteAttachmentObjects,
  linkAttachments,
  ownerAttachmentViews,
  readAttachmentBytes,
  shareAttachmentUrl,
  sharedAttachmentViews,
} from "../../worker/conversations/services/attachments";
import { makeDocx, makePdf, makePng } from "./fixtures/files";
import { newUser, storedFor, uploadOk } from "./fixtures/uploads";

// The service the streaming and sharing routes build on, against the real local D1 and R2.

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

async function newTopic(userId: number): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO topics (user_id, assistant_type) VALUES (?, 'explain_law') RETURNING id",
  )
    .bind(userId)
    .first<{ id: number }>();
  return row!.id;
}

/** The user's history shard through drizzle, as the services take it. */
const shardOf = async (userId: number) => historyDb(await historyOf(userId));

/** Writes a user message and links the attachments in one batch, as a send does. */
async function sendWith(userId: number, ids: number[]): Promise<number> {
  const db = await shardOf(userId);
  const topicId = await newTopic(userId);
  const claimed = await claimAttachments(db, userId, ids);
  const [inserted] = await db
    .insert(messages)
    .values({ topicId, userId, role: "user", text: "вопрос" })
    .returning({ id: messages.id });
  const link = linkAttachments(
    db,
    userId,
    claimed.map((a) => a.id),
    inserted!.id,
  );
  if (link) await db.batch([link]);
  return inserted!.id;
}

describe("claimAttachments", () => {
  it("returns the caller's unsent attachments in the order asked, with what the model needs", async () => {
    const { record, userId } = await newUser();
    const image = await uploadOk(record, await makePng(), "фото.png");
    const doc = await uploadOk(record, await makeDocx(["Условия договора"]), "договор.docx");
    const rows = await claimAttachments(await shardOf(userId), userId, [
      doc.attachment_id,
      image.attachment_id,
      doc.attachment_id,
    ]);
    expect(rows.map((r) => r.id)).toEqual([doc.attachment_id, image.attachment_id]);
    expect(rows[0]).toMatchObject({
      kind: "document",
      filename: "договор.docx",
      extractedText: "Условия договора",
      messageId: null,
    });
    expect(rows[1]).toMatchObject({ kind: "image", contentType: "image/png", extractedText: null });
    expect(rows[1]!.r2Key).toMatch(new RegExp(`^u/${userId}/`));
    expect(await claimAttachments(await shardOf(userId), userId, [])).toEqual([]);
  });

  it("another user's attachment, or an unknown id → 404", async () => {
    const owner = await newUser();
    const { attachment_id } = await uploadOk(owner.record, await makePng(), "a.png");
    const stranger = await newUser();
    const mine = await uploadOk(stranger.record, await makePng(), "b.png");
    for (const ids of [[attachment_id], [mine.attachment_id, attachment_id], [999_999_999]]) {
      const err = await rejection(claimAttachments(await shardOf(stranger.userId), stranger.userId, ids));
      expect([err.status, err.detail]).toEqual([404, "Вложение не найдено"]);
    }
  });

  it("an attachment already sent → 409", async () => {
    const { record, userId } = await newUser();
    const { attachment_id } = await uploadOk(record, await makePng(), "a.png");
    await sendWith(userId, [attachment_id]);
    const err = await rejection(claimAttachments(await shardOf(userId), userId, [attachment_id]));
    expect([err.status, err.detail]).toEqual([409, "Вложение уже отправлено в другом сообщении"]);
  });

  it("two documents in one message → 422 with the one-document text", async () => {
    const { record, userId } = await newUser();
    const a = await uploadOk(record, makePdf(["Первый"]), "1.pdf");
    const b = await uploadOk(record, await makeDocx(["Второй"]), "2.docx");
    const err = await rejection(claimAttachments(await shardOf(userId), userId, [a.attachment_id, b.attachment_id]));
    expect([err.status, err.detail]).toEqual([
      422,
      "Вы можете прикрепить только один документ. Возможность загрузки нескольких документов станет доступна в " +
        "ближайшее время.",
    ]);
  });

  it("five images pass, six → 422", async () => {
    const { record, userId } = await newUser();
    const png = await makePng();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await uploadOk(record, png, `${i}.png`)).attachment_id);
    expect(await claimAttachments(await shardOf(userId), userId, ids.slice(0, 5))).toHaveLength(5);
    const err = await rejection(claimAttachments(await shardOf(userId), userId, ids));
    expect([err.status, err.detail]).toEqual([422, "Можно прикрепить не больше 5 изображений к сообщению"]);
  });
});

describe("linkAttachments", () => {
  it("links in the caller's batch, and only rows not yet linked (a racing send cannot take them)", async () => {
    const { record, userId } = await newUser();
    const { attachment_id } = await uploadOk(record, await makePng(), "a.png");
    const first = await sendWith(userId, [attachment_id]);
    const db = await shardOf(userId);
    const topicId = await newTopic(userId);
    const [second] = await db
      .insert(messages)
      .values({ topicId, userId, role: "user", text: "ещё" })
      .returning({ id: messages.id });
    // A second send that claimed before the first linked still runs its statement: it changes nothing.
    const [result] = await db.batch([linkAttachments(db, userId, [attachment_id], second!.id)!]);
    expect((result as D1Result).meta.changes).toBe(0);
    const row = await (await historyOf(userId))
      .prepare("SELECT message_id FROM attachments WHERE id = ?")
      .bind(attachment_id)
      .first<{ message_id: number }>();
    expect(row!.message_id).toBe(first);
    expect(linkAttachments(db, userId, [], first)).toBeNull();
  });

  it("deleting the message deletes its attachment rows (cascade)", async () => {
    const { record, userId } = await newUser();
    const { attachment_id } = await uploadOk(record, await makePng(), "a.png");
    const messageId = await sendWith(userId, [attachment_id]);
    const shard = await historyOf(userId);
    await shard.prepare("DELETE FROM messages WHERE id = ?").bind(messageId).run();
    expect(await shard.prepare("SELECT id FROM attachments WHERE id = ?").bind(attachment_id).first()).toBeNull();
  });
});

describe("URLs, views, bytes", () => {
  it("owner views carry a signed url; share views the share route", async () => {
    const { record, userId } = await newUser();
    const { attachment_id } = await uploadOk(record, await makePng(), "фото.png");
    const rows = await claimAttachments(await shardOf(userId), userId, [attachment_id]);
    const [own] = await ownerAttachmentViews(env, 0, rows);
    expect(own).toMatchObject({
      id: attachment_id,
      filename: "фото.png",
      content_type: "image",
      mime_type: "image/png",
    });
    expect(own!.url).toMatch(
      new RegExp(`^/api/v2/attachments/${attachment_id}/file\\?s=\\d+&exp=\\d+&sig=[\\w-]{43}$`),
    );
    expect(sharedAttachmentViews("h4sh", rows)[0]!.url).toBe(`/api/v2/share/h4sh/attachments/${attachment_id}`);
    expect(shareAttachmentUrl("a-b_c", 7)).toBe("/api/v2/share/a-b_c/attachments/7");
  });

  it("readAttachmentBytes returns what was uploaded; deleteAttachmentObjects removes it", async () => {
    const { record, userId } = await newUser();
    const png = await makePng();
    const { attachment_id } = await uploadOk(record, png, "a.png");
    const [row] = await claimAttachments(await shardOf(userId), userId, [attachment_id]);
    expect(await readAttachmentBytes(env, row!.r2Key)).toEqual(png);
    await deleteAttachmentObjects(env, [row!.r2Key]);
    expect(await readAttachmentBytes(env, row!.r2Key)).toBeNull();
    expect((await storedFor(userId)).keys).toEqual([]);
  });
});
