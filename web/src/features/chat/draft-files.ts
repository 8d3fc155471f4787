import { create } from "zustand";
import { QUOTAS } from "../../../../worker/settings";
import { errorMessage } from "../../api/errors";
import { chatTexts } from "../../ui/texts/chat";
import { chatApi } from "./chat-api";
import { localId, notify } from "./chat-notices";
import { type AttachmentKind, attachmentKind } from "./files";

type UploadResult = { attachmentId: number } | { error: string } | null;

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
  /** The upload under way; aborted when the file is taken off. */
  upload: Promise<UploadResult>;
  abort: AbortController;
};

/** The composer's files and the topic they were attached in (null: a new chat). */
type DraftFiles = { topicId: string | null; files: DraftAttachment[] };
export const useDraftFiles = create<DraftFiles>(() => ({ topicId: null, files: [] }));

const files = () => useDraftFiles.getState().files;
const update = (key: string, patch: Partial<DraftAttachment>) =>
  useDraftFiles.setState((s) => ({ files: s.files.map((a) => (a.key === key ? { ...a, ...patch } : a)) }));

function previewOf(file: File): string | null {
  if (typeof URL.createObjectURL !== "function" || attachmentKind(file) === "document") return null;
  return URL.createObjectURL(file);
}

function drop(drafts: DraftAttachment[]) {
  for (const draft of drafts) {
    draft.abort.abort();
    if (draft.previewUrl && typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(draft.previewUrl);
  }
}

async function upload(key: string, file: File, signal: AbortSignal): Promise<UploadResult> {
  let result: UploadResult;
  try {
    const res = await chatApi.upload(file, signal);
    if (res.ok) {
      const body = await res.json();
      const id = body.attachment_id;
      result = typeof id === "number" ? { attachmentId: id } : { error: chatTexts.uploadFailed };
    } else {
      result = { error: await errorMessage(res, chatTexts.uploadFailed) };
    }
  } catch {
    result = signal.aborted ? null : { error: chatTexts.uploadFailed };
  }
  if (result && "attachmentId" in result) update(key, { state: "ready", attachmentId: result.attachmentId });
  else if (result) update(key, { state: "error", error: result.error });
  return result;
}

/** The rule a set of files breaks (docs/product.md §5), or null. */
function brokenRule(kinds: AttachmentKind[]): string | null {
  const count = (kind: AttachmentKind) => kinds.filter((k) => k === kind).length;
  if (count("document") > QUOTAS.documentsPerMessage) return chatTexts.oneDocument;
  const images = QUOTAS.imagesPerMessage;
  if (count("image") > images) return chatTexts.tooManyImages.replace("{n}", String(images));
  if (count("audio") > QUOTAS.audioPerMessage) return chatTexts.voice.oneRecording;
  return null;
}

/** docs/product.md §5: images and documents, at most one document (and one voice recording), in topic `topicId`. */
export function attachFiles(topicId: string | null, added: File[]): DraftAttachment[] {
  if (added.length === 0) return [];
  const kinds = added.map(attachmentKind);
  const rule = brokenRule([
    ...files()
      .filter((a) => a.state !== "error")
      .map((a) => a.kind),
    ...kinds,
  ]);
  if (rule) {
    notify(rule, "info");
    return [];
  }
  const drafts = added.map((file, i): DraftAttachment => {
    const key = localId();
    const abort = new AbortController();
    const base = { key, file, kind: kinds[i]!, previewUrl: previewOf(file), state: "uploading" as const, abort };
    return { ...base, attachmentId: null, error: null, upload: upload(key, file, abort.signal) };
  });
  useDraftFiles.setState((s) => ({ topicId, files: [...s.files, ...drafts] }));
  return drafts;
}

export function removeDraft(key: string) {
  drop(files().filter((a) => a.key === key));
  useDraftFiles.setState((s) => ({ files: s.files.filter((a) => a.key !== key) }));
}

/**
 * The files going with a message, taken off the composer (those that failed are dropped); their
 * previews go with the question on screen.
 */
export function takeDrafts(): DraftAttachment[] {
  const all = files();
  drop(all.filter((a) => a.state === "error"));
  useDraftFiles.setState({ files: [] });
  return all.filter((a) => a.state !== "error");
}

/** Waits for the files still uploading and answers the ids of those the server took. */
export async function uploadedIds(drafts: DraftAttachment[]): Promise<number[]> {
  const results = await Promise.all(drafts.map((d) => d.upload));
  return results.flatMap((r) => (r && "attachmentId" in r ? [r.attachmentId] : []));
}

/**
 * A voice recording: attached like a file, then transcribed; answers its text for the text box
 * (to be checked before sending), or null when that failed (the chat says why).
 */
export async function attachRecording(topicId: string | null, file: File): Promise<string | null> {
  const [draft] = attachFiles(topicId, [file]);
  const uploaded = await draft?.upload;
  if (!draft || !uploaded || !("attachmentId" in uploaded)) return null;
  update(draft.key, { transcribing: true });
  const res = await chatApi.transcribe(uploaded.attachmentId).catch(() => null);
  update(draft.key, { transcribing: false });
  if (!files().some((a) => a.key === draft.key)) return null;
  if (!res?.ok) {
    notify(res ? await errorMessage(res, chatTexts.voice.failed) : chatTexts.voice.failed, "error");
    return null;
  }
  const transcript: { text: string } = await res.json();
  return transcript.text;
}

/** Drops the files of the composer ("Новый чат", another topic, sign-out). */
export function dropDrafts() {
  drop(files());
  useDraftFiles.setState({ topicId: null, files: [] });
}
