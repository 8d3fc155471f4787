import { TopicIdMarker } from "../../api/stream";
import { invalidateLimits } from "../billing/limits-queries";
import { invalidateTopics } from "../topics/topics-queries";
import { chatApi } from "./chat-api";
import { localId, notifyRefusal } from "./chat-notices";
import { beginTurn, isCurrent, setTurn, turnState } from "./chat-turn";
import { takeDrafts, uploadedIds } from "./draft-files";
import { cachedMessages, refetchHistory } from "./history-query";
import { finishReply, readReply, resumeReply, settle } from "./turn-stream";
import type { AttachmentView, ChatMessage } from "./types";

type SendOptions = {
  /** The picked mode: a new chat starts its topic in it. */
  mode: string;
  /** A new chat got its topic id from the stream (the page puts it in the URL). */
  onTopic?: (topicId: string) => void;
  /** Found values the user chose to send to the model as is (docs/privacy.md). */
  keepAsIs?: string[];
};

type ReplyCall = {
  topicId: string | null;
  request: () => Promise<Response>;
  /** A refusal shows the server's copy again (another reply, an edit, a continuation); a send's keeps its question. */
  resettle: boolean;
  adopt?: (id: string) => void;
};

const cancel = (res: Response | null) => void res?.body?.cancel().catch(() => undefined);

/**
 * One reply request (a send, another reply, an edit, a continuation) in the turn `handle`: a
 * refusal becomes a notice; a stream is read to its end. `topicId` is null for a new chat, whose
 * stream names its topic (`adopt`).
 */
async function reply(handle: AbortController, { topicId, request, resettle, adopt }: ReplyCall) {
  let topic = topicId;
  const named = (id: string) => {
    topic = id;
    setTurn({ topicId: id, created: true });
    adopt?.(id);
  };
  try {
    const res = await request().catch(() => null);
    if (!isCurrent(handle)) return cancel(res);
    if (!res?.ok) {
      cancel(res);
      // A new topic whose model failed (502) keeps the question: the chat moves to it all the same.
      const created = res?.headers.get("X-Topic-Id");
      if (!topic && created) named(created);
      setTurn({ running: false, streaming: null });
      notifyRefusal(res?.status ?? 0, res?.headers.get("X-Request-Id"));
      if (topicId && resettle) await settle(topicId, handle);
      return;
    }
    const newTopic = topic ? undefined : { marker: new TopicIdMarker(), onId: named };
    const ended = await readReply(res, handle, newTopic);
    if (!ended.left) await finishReply(topic, handle, ended);
  } finally {
    if (isCurrent(handle) && turnState().running) setTurn({ running: false, streaming: null });
    void invalidateLimits();
    // The topic moved to the top of the list (its last activity is now).
    if (topic) void invalidateTopics();
  }
}

/** docs/product.md §4 "sending a message" in topic `topicId` (null: a new chat in `mode`). */
export async function send(topicId: string | null, input: string, { mode, onTopic, keepAsIs }: SendOptions) {
  const text = input.trim();
  if (!text || turnState().running) return;
  const drafts = takeDrafts();
  const shown: AttachmentView[] = drafts.map((d) => ({
    id: d.key,
    filename: d.file.name,
    content_type: d.kind,
    mime_type: d.file.type,
    size: d.file.size,
    url: d.previewUrl,
  }));
  const question: ChatMessage = { id: localId(), role: "user", text, attachments: shown };
  const handle = beginTurn(topicId, { running: true, local: [...turnState().local, question] });
  // docs/product.md §4: the files are uploaded first (most already are: they upload when attached).
  const attachments = await uploadedIds(drafts);
  if (!isCurrent(handle)) return;
  const adopt = (id: string) => {
    onTopic?.(id);
    // docs/product.md §4: the new topic shows in the list at once.
    void invalidateTopics();
  };
  const body = { text, attachments, keepAsIs };
  const start = { ...body, assistantType: mode };
  const request = () => (topicId ? chatApi.sendMessage(topicId, body) : chatApi.startTopic(start));
  await reply(handle, { topicId, request, resettle: false, adopt });
}

/** Asks again from saved message `cut` on (hidden meanwhile), with `question` in place of an edited one. */
function replyFrom(topicId: string, cut: number, request: () => Promise<Response>, question?: ChatMessage) {
  if (turnState().running) return;
  const handle = beginTurn(topicId, { running: true, cut, local: question ? [question] : [] });
  return reply(handle, { topicId, request, resettle: true });
}

/**
 * Another reply to the question of reply `messageId`; the old one stays a version
 * (docs/conversations.md "Versions").
 */
export function regenerate(topicId: string, messageId: number) {
  return replyFrom(topicId, messageId, () => chatApi.regenerate(topicId, messageId));
}

/** A new version of question `messageId` with `text`, and its reply. */
export function edit(topicId: string, messageId: number, input: string) {
  const text = input.trim();
  const old = cachedMessages(topicId).find((m) => m.id === messageId && m.role === "user");
  if (!text || !old) return;
  const question: ChatMessage = { id: localId(), role: "user", text, attachments: old.attachments };
  return replyFrom(topicId, messageId, () => chatApi.edit(topicId, messageId, text), question);
}

/** Goes on from the cut reply at the end of the chat, in the same message: the stream carries it whole. */
export function continueReply(topicId: string) {
  const cut = cachedMessages(topicId).at(-1);
  if (cut?.role !== "assistant" || cut.state !== "partial" || typeof cut.id !== "number") return;
  return replyFrom(topicId, cut.id, () => chatApi.continueReply(topicId));
}

/** Stops the reply in flight; what was said is kept, marked as cut short. */
export async function stop(topicId: string) {
  if (!turnState().running) return;
  setTurn({ stopRequested: true });
  // The reply ends by itself anyway: a failure has nothing to tell the user.
  await chatApi.stop(topicId).catch(() => undefined);
}

/**
 * The topic `topicId` is opened: its reply in flight, if there is one, is shown live. A reply that
 * ended between the history's answer and this one is in the history now.
 */
export async function openTopic(topicId: string) {
  if (turnState().topicId === topicId) return;
  if (await resumeReply(topicId)) return;
  if (cachedMessages(topicId).at(-1)?.role === "user") await refetchHistory(topicId);
}
