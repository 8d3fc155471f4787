import { userHistory } from "../../db/history";
import type { User } from "../../db/schema";
import type { Env } from "../../env";
import type { Upload } from "../schemas";
import { signedAttachmentUrl, storeUpload } from "./attachments";

/** Stores the uploaded file for the user (in their history shard); the answer of both the web and the bot upload. */
export async function uploadAttachment(env: Env, user: Pick<User, "id" | "historyShard">, file: File): Promise<Upload> {
  const row = await storeUpload(env, userHistory(env, user), user.id, {
    name: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
  return {
    attachment_id: row.id,
    filename: row.filename,
    content_type: row.kind,
    mime_type: row.contentType,
    size: row.size,
    url: await signedAttachmentUrl(env, user.historyShard ?? 0, row.id),
  };
}
