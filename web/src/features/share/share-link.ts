import { errorMessage } from "../../api/errors";
import { patchTopic, type Topic } from "../topics/topics-queries";
import { shareTexts } from "../../ui/texts/share";
import { api } from "../../api/client";

/** The public address of a shared topic. */
export const shareUrl = (hash: string, origin = window.location.origin) => `${origin}/share/${hash}`;

/** How long a link works and whether its readers see the hidden personal data (unchanged when not given). */
export type ShareSettings = { expires_in?: "1d" | "7d" | "30d" | "never"; reveal?: boolean };

/** `POST /topics/{id}/share`: the link's hash (the same one on repeat), or the text to show. */
export async function createShareLink(topic: Topic, settings: ShareSettings = {}): Promise<{ hash: string } | { error: string }> {
  const res = await api.topics[":id{[0-9]+}"].share.$post({ param: { id: String(topic.id) }, json: settings }).catch(() => null);
  if (!res) return { error: shareTexts.failed };
  if (!res.ok) return { error: await errorMessage(res, shareTexts.failed) };
  const body = await res.json().catch(() => null);
  if (typeof body?.hash !== "string") return { error: shareTexts.failed };
  patchTopic(topic.id, { share_hash: body.hash });
  return { hash: body.hash };
}

/** `DELETE /topics/{id}/share`: the link stops working; null when done, else the text to show. */
export async function revokeShareLink(topic: Topic): Promise<string | null> {
  const res = await api.topics[":id{[0-9]+}"].share.$delete({ param: { id: String(topic.id) } }).catch(() => null);
  if (!res) return shareTexts.failed;
  if (!res.ok) return errorMessage(res, shareTexts.failed);
  patchTopic(topic.id, { share_hash: null });
  return null;
}
