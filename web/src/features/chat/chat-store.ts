import { create } from "zustand";
import { QUOTAS } from "../../../../worker/settings";
import { errorMessage } from "../../api/errors";
import { readTextStream, TopicIdMarker } from "../../api/stream";
import { chatApi } from "./chat-api";
import { attachmentKind, type AttachmentKind } from "./files";
import type { AttachmentView, ChatMessage, StreamingReply } from "./types";
import { chatTexts } from "../../ui/texts/chat";
import { disclaimerTexts } from "../../ui/texts/disclaimer";
import { markTermsRefused } from "../billing/disclaimers-queries";
import { invalidateLimits } from "../billing/limits-queries";
import { invalidateTopics } from "../topics/topics-queries";
import { currentUserKey } from "../auth/session-user";
import { cacheNewestPage, fetchHistory as fetchLoadedHistory, fetchOlderHistory, type LoadedHistory } from "./history-query";
import { forgetOnSignOut } from "../auth/forget-on-sign-out";

/** A file in the composer: uploaded as soon as it is attached, sent by id with the message. */
export type DraftAttachment = {
  key: string;
  file: File;
  kind: AttachmentKind;
  /** A local preview of an image (blob: URL). */
  previewUrl: string | null;
  state: "uploading" | "ready" | "error";
  /** A voice recording whose text is being made (docs/conversations.md "Voice"). */
  transcribing?: boolean;
  attachmentId: number | null;
  /** The server's reason (413, 415, 422...) in Russian. */
  error: string | null;
};

type SendOptions = {
  /** The picked mode: a new chat starts its topic in it. */
  mode: string;
  /** A new chat got its topic id from the stream (the page puts it in the URL). */
  onTopic?: (topicId: string) => void;
  /** Found values the user chose to send to the model as is (docs/privacy.md). */
  keepAsIs?: string[];
};

type ChatState = {
  /** The topic on screen; null in a new chat (`/chat`). */
  topicId: string | null;
  messages: ChatMessage[];
  history: "idle" | "loading" | "loaded" | "error";
  historyError: string | null;
  /** Older messages than the first shown are left on the server (history comes by pages, newest first). */
  older: boolean;
  /** An older page is being loaded (scrolled to the top). */
  loadingOlder: boolean;
  /** A send or a resumed reply is under way: the composer waits. */
  loading: boolean;
  /** The reply streaming in now (null before its first byte and after its end). */
  streaming: StreamingReply | null;
  attachments: DraftAttachment[];
  /** Shows the topic `id`: its history, then its reply in flight if there is one. */
  open: (id: string) => Promise<void>;
  /** Puts the page before the first shown message above it (scrolling up); false when it could not be read. */
  loadOlder: () => Promise<boolean>;
  /** docs/product.md §4 "sending a message". */
  send: (text: string, options: SendOptions) => Promise<void>;
  /** Another reply to the question of reply `messageId`; the old one stays a version (docs/conversations.md "Versions"). */
  regenerate: (messageId: number) => Promise<void>;
  /** A new version of question `messageId` with `text`, and its reply. */
  edit: (messageId: number, text: string) => Promise<void>;
  /** Goes on from the cut reply at the end of the chat, in the same message. */
  continueReply: () => Promise<void>;
  /** Shows the branch through version `messageId` of a message (‹ 2/3 ›). */
  switchVersion: (messageId: number) => Promise<void>;
  /** Stops the reply in flight; what was said is kept, marked as cut short. */
  stop: () => Promise<void>;
  /** docs/product.md §5: images and documents, at most one document (and one voice recording). */
  attach: (files: File[]) => void;
  /**
   * A voice recording: attached like a file, then transcribed; answers its text for the text box
   * (to be checked before sending), or null when that failed (the chat says why).
   */
  attachRecording: (file: File) => Promise<string | null>;
  removeAttachment: (key: string) => void;
  /**
   * 👍/👎 on a reply of the topic on screen (null takes it back), shown at once; false, and the
   * rating as it was, when the server did not take it.
   */
  rate: (messageId: number, rating: "up" | "down" | null, comment?: string) => Promise<boolean>;
  /** A message of the app in the assistant's place (a rule, an error). */
  notice: (text: string, kind?: ChatMessage["notice"], action?: ChatMessage["action"]) => void;
  /** Clears the messages, the topic and the composer's files ("Новый чат", sign-out). */
  reset: () => void;
};

const idle = {
  topicId: null,
  messages: [],
  history: "idle",
  historyError: null,
  older: false,
  loadingOlder: false,
  loading: false,
  streaming: null,
  attachments: [],
} satisfies Partial<ChatState>;

// Bumped whenever the screen moves to another topic (or none): late answers for the old one are dropped.
let generation = 0;
let reading: AbortController | null = null;
let stopRequested = false;
let localIds = 0;
const uploads = new Map<string, { promise: Promise<UploadResult>; abort: AbortController }>();
// Local previews of images sent from this page, freed when the messages are replaced.
const sentPreviews = new Set<string>();

const localId = () => `local-${++localIds}`;
const set = (partial: Partial<ChatState> | ((s: ChatState) => Partial<ChatState>)) => useChat.setState(partial);
const get = () => useChat.getState();

function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === "function" && attachmentKind(file) !== "document" ? URL.createObjectURL(file) : null;
}

function freeUrl(url: string | null) {
  if (url && typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(url);
}

function freeSentPreviews() {
  for (const url of sentPreviews) freeUrl(url);
  sentPreviews.clear();
}

/** Leaves the topic on screen: stops reading its stream (the server's reply goes on) and forgets it. */
function leave() {
  generation += 1;
  reading?.abort();
  reading = null;
  stopRequested = false;
}

function dropDrafts(drafts: DraftAttachment[]) {
  for (const draft of drafts) {
    uploads.get(draft.key)?.abort.abort();
    uploads.delete(draft.key);
    freeUrl(draft.previewUrl);
  }
}

const updateDraft = (key: string, patch: Partial<DraftAttachment>) =>
  set((s) => ({ attachments: s.attachments.map((a) => (a.key === key ? { ...a, ...patch } : a)) }));

type UploadResult = { attachmentId: number } | { error: string } | null;

function upload(draft: DraftAttachment) {
  const abort = new AbortController();
  const promise = (async (): Promise<UploadResult> => {
    let result: UploadResult;
    try {
      const res = await chatApi.upload(draft.file, abort.signal);
      if (res.ok) {
        const body = await res.json();
        result = typeof body.attachment_id === "number" ? { attachmentId: body.attachment_id } : { error: chatTexts.uploadFailed };
      } else {
        result = { error: await errorMessage(res, chatTexts.uploadFailed) };
      }
    } catch {
      result = abort.signal.aborted ? null : { error: chatTexts.uploadFailed };
    }
    if (result && "attachmentId" in result) updateDraft(draft.key, { state: "ready", attachmentId: result.attachmentId });
    else if (result) updateDraft(draft.key, { state: "error", error: result.error });
    return result;
  })();
  uploads.set(draft.key, { promise, abort });
}

/** Waits for the files still uploading and answers the ids of those the server took. */
async function uploadedIds(drafts: DraftAttachment[]): Promise<number[]> {
  const results = await Promise.all(
    drafts.map(
      async (draft): Promise<UploadResult> =>
        draft.attachmentId != null ? { attachmentId: draft.attachmentId } : ((await uploads.get(draft.key)?.promise) ?? null),
    ),
  );
  for (const draft of drafts) uploads.delete(draft.key);
  return results.flatMap((r) => (r && "attachmentId" in r ? [r.attachmentId] : []));
}

function replyFailed(status: number): ChatMessage {
  if (status === 402) return { id: localId(), role: "assistant", text: chatTexts.noRequestsReply, notice: "error", action: "upgrade" };
  if (status === 409) return { id: localId(), role: "assistant", text: chatTexts.busy, notice: "info" };
  // The mode's terms are not accepted (reset by an admin since they were loaded): the next send shows them.
  if (status === 403) {
    markTermsRefused();
    return { id: localId(), role: "assistant", text: disclaimerTexts.required, notice: "info" };
  }
  return { id: localId(), role: "assistant", text: chatTexts.sendFailed, notice: "error" };
}

/** The topic's loaded pages through the query cache; null when they cannot be read (the chat says so). */
const fetchHistory = (id: string): Promise<LoadedHistory | null> => fetchLoadedHistory(currentUserKey(), id).catch(() => null);

/** After a reply: the server's copy of the topic (ids, the model, a reply marked partial, signed URLs). */
async function reconcile(id: string, mine: number) {
  const loaded = await fetchHistory(id);
  if (!loaded || mine !== generation || get().loading) return;
  const { messages, older } = loaded;
  // Notices about the last send (a failure) are not in the history: they stay under it.
  const local = get().messages;
  const lastUser = local.findLastIndex((m) => m.role === "user");
  const notices = local.slice(lastUser + 1).filter((m) => m.notice);
  freeSentPreviews();
  set({ messages: [...messages, ...notices], older });
}

type Reply = { text: string; model: string | null; broken: boolean; left: boolean };

/**
 * Reads a reply into `streaming` until it ends: `broken` when the connection failed, `left` when
 * the screen moved on. A new topic's stream goes through `marker`, which takes the `topic_id` line off.
 */
async function readReply(res: Response, mine: number, marker?: { parser: TopicIdMarker; onId: (id: string) => void }): Promise<Reply> {
  const model = res.headers.get("X-Model");
  const controller = new AbortController();
  reading = controller;
  let text = "";
  const show = (piece: string) => {
    if (mine !== generation) return;
    if (marker?.parser.topicId && !get().topicId) marker.onId(marker.parser.topicId);
    if (!piece) return;
    text += piece;
    set({ streaming: { text, model } });
  };
  if (mine === generation) set({ streaming: { text: "", model } });
  let broken = false;
  try {
    if (res.body) await readTextStream(res.body, (chunk) => show(marker ? marker.parser.push(chunk) : chunk), controller.signal);
  } catch {
    broken = !controller.signal.aborted;
  }
  if (marker && !controller.signal.aborted) show(marker.parser.end());
  if (reading === controller) reading = null;
  return { text, model, broken, left: controller.signal.aborted || mine !== generation };
}

/** A reply that ended becomes a message; then the server's copy of the topic replaces the local one. */
async function finishReply(id: string | null, mine: number, reply: Reply, canResume = true) {
  if (mine !== generation) return;
  const stopped = stopRequested;
  stopRequested = false;
  // The connection broke, not necessarily the reply: it may still be running on the server.
  if (reply.broken && id && canResume && (await resumeReply(id, mine))) return;
  if (mine !== generation) return;
  let message: ChatMessage | null = null;
  if (reply.text) message = { id: localId(), role: "assistant", text: reply.text, model: reply.model, state: stopped || reply.broken ? "partial" : "complete" };
  else if (!stopped) message = replyFailed(0);
  set((s) => ({ messages: message ? [...s.messages, message] : s.messages, streaming: null, loading: false }));
  if (id) await reconcile(id, mine);
}

/** `GET /topics/{id}/stream/`: shows a reply still in flight; false when there is none (204) or it cannot be read. */
async function resumeReply(id: string, mine: number): Promise<boolean> {
  let res: Response;
  try {
    res = await chatApi.resume(id);
  } catch {
    return false;
  }
  if (res.status !== 200 || mine !== generation) {
    void res.body?.cancel().catch(() => undefined);
    return false;
  }
  set({ loading: true });
  const reply = await readReply(res, mine);
  if (!reply.left) await finishReply(id, mine, reply, false);
  return true;
}

/**
 * One reply request for the topic on screen (another reply, an edit, a continuation) with `shown`
 * as the chat meanwhile: a refusal becomes a notice under the server's copy of the topic; a stream
 * is read to its end like a send's.
 */
async function replyTo(topicId: string, shown: ChatMessage[], request: () => Promise<Response>) {
  const mine = generation;
  set({ messages: shown, loading: true, streaming: null });
  try {
    const res = await request().catch(() => null);
    if (mine !== generation) {
      void res?.body?.cancel().catch(() => undefined);
      return;
    }
    if (!res?.ok) {
      void res?.body?.cancel().catch(() => undefined);
      set((state) => ({ messages: [...state.messages, replyFailed(res?.status ?? 0)], loading: false, streaming: null }));
      await reconcile(topicId, mine);
      return;
    }
    const reply = await readReply(res, mine);
    if (!reply.left) await finishReply(topicId, mine, reply);
  } finally {
    if (mine === generation && get().loading && !reading) set({ loading: false, streaming: null });
    void invalidateLimits();
    void invalidateTopics();
  }
}

/** The index of saved message `messageId` on screen with the given role, or -1. */
const indexOf = (messages: ChatMessage[], messageId: number, role: ChatMessage["role"]) =>
  messages.findIndex((m) => m.id === messageId && m.role === role && !m.notice);

export const useChat = create<ChatState>(() => ({
  ...idle,

  open: async (id) => {
    const s = get();
    if (s.topicId === id && (s.history === "loading" || s.history === "loaded")) return;
    leave();
    const mine = generation;
    freeSentPreviews();
    // Files attached for another chat do not follow the user into this one.
    dropDrafts(s.attachments);
    set({ ...idle, topicId: id, history: "loading" });
    const loaded = await fetchHistory(id);
    if (mine !== generation) return;
    if (!loaded) {
      set({ history: "error", historyError: chatTexts.historyFailed });
      return;
    }
    set({ messages: loaded.messages, older: loaded.older, history: "loaded" });
    if (await resumeReply(id, mine)) return;
    // The reply may have ended between the two calls: its answer is in the history now.
    if (mine === generation && loaded.messages.at(-1)?.role === "user") {
      const again = await fetchHistory(id);
      if (again && mine === generation && !get().loading) set({ messages: again.messages, older: again.older });
    }
  },

  loadOlder: async () => {
    const { topicId, older, loadingOlder } = get();
    if (!topicId || !older || loadingOlder) return true;
    const mine = generation;
    set({ loadingOlder: true });
    try {
      const page = await fetchOlderHistory(currentUserKey(), topicId);
      if (mine === generation) set((state) => ({ messages: [...page.messages, ...state.messages], older: page.older }));
      return true;
    } catch {
      return false;
    } finally {
      if (mine === generation) set({ loadingOlder: false });
    }
  },

  send: async (input, { mode, onTopic, keepAsIs }) => {
    const text = input.trim();
    const s = get();
    if (!text || s.loading) return;
    const mine = generation;
    const drafts = s.attachments.filter((a) => a.state !== "error");
    dropDrafts(s.attachments.filter((a) => a.state === "error"));
    for (const draft of drafts) if (draft.previewUrl) sentPreviews.add(draft.previewUrl);
    const shown: AttachmentView[] = drafts.map((d) => ({
      id: d.key,
      filename: d.file.name,
      content_type: d.kind,
      mime_type: d.file.type,
      size: d.file.size,
      url: d.previewUrl,
    }));
    set((state) => ({
      messages: [...state.messages, { id: localId(), role: "user", text, attachments: shown }],
      attachments: [],
      loading: true,
      streaming: null,
    }));

    let topicId = s.topicId;
    try {
      // docs/product.md §4: the files are uploaded first (most already are, since they upload when attached).
      const attachments = await uploadedIds(drafts);
      if (mine !== generation) return;
      let res: Response | null = null;
      try {
        res = topicId
          ? await chatApi.sendMessage(topicId, { text, attachments, keepAsIs })
          : await chatApi.startTopic({ text, attachments, assistantType: mode, keepAsIs });
      } catch {
        res = null;
      }
      if (mine !== generation) {
        void res?.body?.cancel().catch(() => undefined);
        return;
      }
      const adopt = (id: string) => {
        topicId = id;
        set({ topicId: id, history: "loaded" });
        onTopic?.(id);
        // docs/product.md §4: the new topic shows in the list at once.
        void invalidateTopics();
      };
      if (!res?.ok) {
        void res?.body?.cancel().catch(() => undefined);
        // A new topic whose model failed (502) keeps the question: the chat moves to it all the same.
        const created = res?.headers.get("X-Topic-Id");
        if (!topicId && created) adopt(created);
        set((state) => ({ messages: [...state.messages, replyFailed(res?.status ?? 0)], loading: false, streaming: null }));
        return;
      }
      const marker = topicId ? undefined : { parser: new TopicIdMarker(), onId: adopt };
      const reply = await readReply(res, mine, marker);
      if (!reply.left) await finishReply(topicId, mine, reply);
    } finally {
      if (mine === generation && get().loading && !reading) set({ loading: false, streaming: null });
      void invalidateLimits();
      // The topic moved to the top of the list (its last activity is now).
      if (topicId) void invalidateTopics();
    }
  },

  regenerate: async (messageId) => {
    const { topicId, messages, loading } = get();
    const at = indexOf(messages, messageId, "assistant");
    if (!topicId || loading || at < 0) return;
    await replyTo(topicId, messages.slice(0, at), () => chatApi.regenerate(topicId, messageId));
  },

  edit: async (messageId, input) => {
    const text = input.trim();
    const { topicId, messages, loading } = get();
    const at = indexOf(messages, messageId, "user");
    if (!topicId || loading || at < 0 || !text) return;
    const question: ChatMessage = { id: localId(), role: "user", text, attachments: messages[at]!.attachments };
    await replyTo(topicId, [...messages.slice(0, at), question], () => chatApi.edit(topicId, messageId, text));
  },

  continueReply: async () => {
    const { topicId, messages, loading } = get();
    const at = messages.findLastIndex((m) => !m.notice);
    const cut = messages[at];
    if (!topicId || loading || cut?.role !== "assistant" || cut.state !== "partial") return;
    // The stream carries the whole reply: the cut text first, then the rest.
    await replyTo(topicId, messages.slice(0, at), () => chatApi.continueReply(topicId));
  },

  switchVersion: async (messageId) => {
    const { topicId, loading } = get();
    if (!topicId || loading) return;
    const mine = generation;
    const res = await chatApi.switchBranch(topicId, messageId).catch(() => null);
    if (mine !== generation) return;
    if (!res?.ok) {
      // The only refusal for one's own topic: a reply is still being written (409).
      const status: number = res?.status ?? 0;
      if (status === 409) get().notice(chatTexts.busy, "info");
      else get().notice(chatTexts.sendFailed, "error");
      return;
    }
    const page = { messages: await res.json(), older: res.headers.get("X-Next-Cursor") };
    cacheNewestPage(currentUserKey(), topicId, page);
    if (mine === generation) set({ messages: page.messages, older: page.older != null });
  },

  stop: async () => {
    const { topicId, loading } = get();
    if (!topicId || !loading) return;
    stopRequested = true;
    try {
      await chatApi.stop(topicId);
    } catch {
      // The reply ends by itself anyway; nothing to tell the user.
    }
  },

  attach: (files) => {
    if (files.length === 0) return;
    const current = get().attachments.filter((a) => a.state !== "error");
    const kinds = files.map(attachmentKind);
    const documents = current.filter((a) => a.kind === "document").length + kinds.filter((k) => k === "document").length;
    const images = current.filter((a) => a.kind === "image").length + kinds.filter((k) => k === "image").length;
    if (documents > QUOTAS.documentsPerMessage) {
      get().notice(chatTexts.oneDocument, "info");
      return;
    }
    if (images > QUOTAS.imagesPerMessage) {
      get().notice(chatTexts.tooManyImages.replace("{n}", String(QUOTAS.imagesPerMessage)), "info");
      return;
    }
    const recordings = current.filter((a) => a.kind === "audio").length + kinds.filter((k) => k === "audio").length;
    if (recordings > QUOTAS.audioPerMessage) {
      get().notice(chatTexts.voice.oneRecording, "info");
      return;
    }
    const drafts: DraftAttachment[] = files.map((file, i) => ({
      key: localId(),
      file,
      kind: kinds[i],
      previewUrl: previewOf(file),
      state: "uploading",
      attachmentId: null,
      error: null,
    }));
    set((s) => ({ attachments: [...s.attachments, ...drafts] }));
    drafts.forEach(upload);
  },

  attachRecording: async (file) => {
    const before = new Set(get().attachments.map((a) => a.key));
    get().attach([file]);
    const draft = get().attachments.find((a) => !before.has(a.key));
    if (!draft) return null;
    const uploaded = await uploads.get(draft.key)?.promise;
    if (!uploaded || !("attachmentId" in uploaded)) return null;
    updateDraft(draft.key, { transcribing: true });
    const res = await chatApi.transcribe(uploaded.attachmentId).catch(() => null);
    updateDraft(draft.key, { transcribing: false });
    if (!get().attachments.some((a: DraftAttachment) => a.key === draft.key)) return null;
    if (!res?.ok) {
      get().notice(res ? await errorMessage(res, chatTexts.voice.failed) : chatTexts.voice.failed, "error");
      return null;
    }
    const transcript: { text: string } = await res.json();
    return transcript.text;
  },

  removeAttachment: (key) => {
    const draft = get().attachments.find((a) => a.key === key);
    if (!draft) return;
    dropDrafts([draft]);
    set((s) => ({ attachments: s.attachments.filter((a) => a.key !== key) }));
  },

  rate: async (messageId, rating, comment) => {
    const { topicId, messages } = get();
    if (!topicId) return false;
    const before = messages.find((m) => m.id === messageId)?.feedback ?? null;
    const show = (feedback: ChatMessage["feedback"]) => set((s) => ({ messages: s.messages.map((m) => (m.id === messageId ? { ...m, feedback } : m)) }));
    show(rating);
    const call = rating ? chatApi.rate(topicId, messageId, rating, comment) : chatApi.unrate(topicId, messageId);
    const res = await call.catch(() => null);
    if (res?.ok) return true;
    if (get().topicId === topicId) show(before);
    return false;
  },

  notice: (text, kind = "info", action) => set((s) => ({ messages: [...s.messages, { id: localId(), role: "assistant", text, notice: kind, action }] })),

  reset: () => {
    leave();
    dropDrafts(get().attachments);
    freeSentPreviews();
    set({ ...idle });
  },
}));

forgetOnSignOut(() => useChat.getState().reset());
