import { errorMessage, type ResponseLike } from "../../api/errors";
import { applyTopic, invalidateTopics, removeTopic, type Topic } from "./topics-queries";
import { sidebarTexts } from "../../ui/texts/sidebar";
import { topicMenuTexts } from "../../ui/texts/topicMenu";
import { topicsTexts } from "../../ui/texts/topics";
import { api } from "../../api/client";

/** The changed topic, or the text to show when the server refused. */
export type TopicResult = { topic: Topic } | { error: string };

const id = (topic: Topic | number) => String(typeof topic === "number" ? topic : topic.id);

async function topicFrom(call: Promise<ResponseLike & { ok: boolean }>): Promise<TopicResult> {
  const res = await call.catch(() => null);
  if (!res) return { error: sidebarTexts.actionFailed };
  if (!res.ok) return { error: await errorMessage(res, sidebarTexts.actionFailed) };
  const topic = (await res.json().catch(() => null)) as Topic | null;
  return topic && typeof topic.id === "number" ? { topic } : { error: sidebarTexts.actionFailed };
}

/** `PATCH /topics/`; the list shows the new name at once. */
export async function renameTopic(topic: Topic, topicName: string): Promise<TopicResult> {
  const result = await topicFrom(api.topics.$patch({ json: { id: topic.id, topic_name: topicName.trim() } }));
  if ("topic" in result) applyTopic(result.topic);
  return result;
}

/** Pin or unpin; the pinned group changes, so the list is loaded again. */
export async function setPinned(topic: Topic, pinned: boolean): Promise<TopicResult> {
  const route = api.topics.pin[":topicId"][":folderId"];
  const args = { param: { topicId: id(topic), folderId: String(topic.folder_id ?? 0) } };
  const result = await topicFrom(pinned ? route.$post(args) : route.$delete(args));
  if ("topic" in result) await invalidateTopics();
  return result;
}

/** Into a folder (`folderId`), or out of the topic's own folder (null). */
export async function moveToFolder(topic: Topic, folderId: number | null): Promise<TopicResult> {
  const route = api.topics[":topicId"][":folderId"];
  const result = await topicFrom(
    folderId != null
      ? route.$post({ param: { topicId: id(topic), folderId: String(folderId) } })
      : route.$delete({ param: { topicId: id(topic), folderId: String(topic.folder_id ?? 0) } }),
  );
  if ("topic" in result) applyTopic(result.topic);
  return result;
}

/** To the archive or back; the topic leaves the list it was in. */
export async function setArchived(topic: Topic, archived: boolean): Promise<TopicResult> {
  const route = api.topics[":id"].archive;
  const args = { param: { id: id(topic) } };
  const result = await topicFrom(archived ? route.$post(args) : route.$delete(args));
  if ("topic" in result) applyTopic(result.topic);
  return result;
}

/** Deletes the topic with its messages and attachments; null when done, else the text to show. */
export async function deleteTopic(topic: Topic): Promise<string | null> {
  const res = await api.topics[":id"].$delete({ param: { id: id(topic) } }).catch(() => null);
  if (!res) return sidebarTexts.actionFailed;
  if (!res.ok) return errorMessage(res, sidebarTexts.actionFailed);
  removeTopic(topic.id);
  return null;
}

/** The file name the Worker gave (`filename*`, UTF-8), or one made from the topic's name. */
function downloadName(disposition: string | null, topic: Topic): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed header: fall back to the topic's name.
    }
  }
  return `${topic.topic_name || topicsTexts.untitled}.md`;
}

/**
 * `GET /topics/{id}/export?format=md` saved as a file (docs/conversations.md "Export"): fetched with
 * the session's token, then handed to the browser's download. Null when done, else the text to show.
 */
export async function downloadMarkdown(topic: Topic): Promise<string | null> {
  const res = await api.topics[":id"].export
    .$get({ param: { id: id(topic) }, query: { format: "md" } })
    .catch(() => null);
  if (!res?.ok) return res ? errorMessage(res, topicMenuTexts.downloadFailed) : topicMenuTexts.downloadFailed;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement("a"), {
    href: url,
    download: downloadName(res.headers.get("content-disposition"), topic),
  });
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has the file by now; the URL only holds the bytes in memory.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}
