import { getDb } from "../../db/client";
import type { Env } from "../../env";
import type { Upload } from "../schemas";
import { signedAttachmentUrl, storeUpload } from "./attachments";

/** Stores the uploaded file for the user; the answer of both the web and the bot upload. */
export async function uploadAttachment(env: Env, userId: number, file: File): Promise<Upload> {
  const row = await storeUpload(env, getDb(env.DB), userId, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  return {
    attachment_id: row.id,
    filename: row.filename,
    content_type: row.kind,
    mime_type: row.contentType,
    size: row.size,
    url: await signedAttachmentUrl(env, row.id),
  };
}
