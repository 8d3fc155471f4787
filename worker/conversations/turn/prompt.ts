import type { ModelMessage, UserContent } from "ai";
import type { HistoryDb } from "../../db/history";
import type { Env } from "../../env";
import { readAttachmentBytes } from "../services/attachments";
import { leafOf } from "../services/branches";
import { loadTurnFiles, loadTurns, type Turn } from "../services/messages";
import type { Ask } from "../services/questions";
import type { ProductRow } from "../../billing/services/products";
import { emptyVault, maskFileName, type Vault } from "../../privacy";
import { QUOTAS } from "../../settings";
import { documentBlock, earlierImageNote, systemPromptFor } from "../../ai/prompts";
import { lawDb } from "../../db/law";
import { moscowToday } from "../../law/services/articles";
import { groundQuestion, type LawGrounding } from "../../law/search/grounding";

/** Token counts are estimated from characters: Russian text runs about 3 characters a token. */
export const CHARS_PER_TOKEN = 3;
/** What an image is assumed to cost in the window, tokens. */
export const IMAGE_TOKENS = 1_000;
/** The share of the current turn's room that its documents may take (the rest is for history). */
const DOCUMENT_SHARE = 0.75;
/** A document is never cut below this, whatever the window (the model sees at least its start). */
const MIN_DOCUMENT_CHARS = 2_000;

export type PromptTurn = {
  role: "user" | "assistant";
  text: string;
  documents: { filename: string; text: string }[];
  /** Images go to the model only with the turn they came with (the last one); earlier ones become a note. */
  images: { filename: string; mediaType: string; bytes: Uint8Array | null }[];
};

/**
 * `cut`: the window left something out (earlier turns, or document text beyond its budget). `lawDate`: in the law
 * modes, the date the law's editions were taken at (the one the question names, else today).
 */
export type ComposedPrompt = {
  system: string;
  messages: ModelMessage[];
  droppedTurns: number;
  cut: boolean;
  lawDate?: string;
};

/** The modes whose answers rest on the law library's articles (docs/law.md "Answers grounded in the text"). */
const LAW_MODES = new Set(["explain_law", "explain_estate"]);
export const isLawMode = (assistantType: string) => LAW_MODES.has(assistantType);
/** The share of the window (less the reply's room) the law's articles may take; the rest is for the chat. */
export const LAW_CONTEXT_SHARE = 0.25;
/** The law's share of the window in characters: 16,464 with the default settings. */
export const lawBudgetChars = (settings: { contextTokens: number; maxOutputTokens: number }) =>
  Math.floor((settings.contextTokens - settings.maxOutputTokens) * CHARS_PER_TOKEN * LAW_CONTEXT_SHARE);

/**
 * The prompt for the last turn (the user's question): the system prompt, the question with its
 * documents (cut to the budget, with a note) and images, and as much history as fits the window,
 * newest kept, oldest dropped first.
 */
export function composePrompt(input: {
  system: string;
  turns: PromptTurn[];
  contextTokens: number;
  maxOutputTokens: number;
  documentBudgetChars?: number;
}): ComposedPrompt {
  const current = input.turns.at(-1);
  if (current?.role !== "user") throw new Error("the last turn must be the user's question");
  const images = current.images.filter((i) => i.bytes !== null);

  let room =
    (input.contextTokens - input.maxOutputTokens) * CHARS_PER_TOKEN -
    input.system.length -
    current.text.length -
    images.length * IMAGE_TOKENS * CHARS_PER_TOKEN;
  const perDocument = current.documents.length
    ? Math.max(
        MIN_DOCUMENT_CHARS,
        Math.floor(
          Math.min(input.documentBudgetChars ?? QUOTAS.documentTextBudgetChars, room * DOCUMENT_SHARE) /
            current.documents.length,
        ),
      )
    : Math.min(
        input.documentBudgetChars ?? QUOTAS.documentTextBudgetChars,
        Math.max(MIN_DOCUMENT_CHARS, Math.floor(room * DOCUMENT_SHARE)),
      );

  const blocks = current.documents.map((d) => documentBlock(d.filename, d.text, perDocument));
  let documentCut = current.documents.some((d) => d.text.length > perDocument);
  room -= blocks.reduce((n, b) => n + b.length, 0);
  const content: UserContent = [
    { type: "text", text: current.text },
    ...blocks.map((text) => ({ type: "text" as const, text })),
    ...images.map((i) => ({ type: "image" as const, image: i.bytes!, mediaType: i.mediaType })),
  ];

  const history: ModelMessage[] = [];
  let index = input.turns.length - 2;
  for (; index >= 0; index--) {
    const turn = input.turns[index]!;
    const text =
      turn.role === "assistant"
        ? turn.text
        : [
            turn.text,
            ...turn.documents.map((d) => documentBlock(d.filename, d.text, perDocument)),
            ...turn.images.map((i) => earlierImageNote(i.filename)),
          ].join("\n\n");
    if (text.length > room) break;
    room -= text.length;
    if (turn.documents.some((d) => d.text.length > perDocument)) documentCut = true;
    history.unshift({ role: turn.role, content: text });
  }
  const droppedTurns = index + 1;
  return {
    system: input.system,
    messages: [...history, { role: "user", content }],
    droppedTurns,
    cut: droppedTurns > 0 || documentCut,
  };
}

/** A prompt's size in characters, an image counted as `IMAGE_TOKENS`: what its tokens are estimated from. */
export function promptChars(prompt: ComposedPrompt): number {
  const partChars = (part: unknown) =>
    typeof part === "object" && part !== null && "text" in part && typeof part.text === "string"
      ? part.text.length
      : IMAGE_TOKENS * CHARS_PER_TOKEN;
  return prompt.messages.reduce(
    (n, m) => n + (typeof m.content === "string" ? m.content.length : m.content.reduce((k, p) => k + partChars(p), 0)),
    prompt.system.length,
  );
}

/** A turn as the model reads it; files' names with the values the guard found as placeholders (docs/privacy.md). */
function toPromptTurn(turn: Turn, withImageBytes: Map<number, Uint8Array | null>, vault: Vault): PromptTurn {
  const named = (filename: string) => maskFileName(filename, vault);
  const documents = turn.attachments.filter((a) => a.kind === "document");
  return {
    role: turn.role,
    text: turn.text,
    documents: documents.map((a) => ({ filename: named(a.filename), text: a.extractedText ?? "" })),
    images: turn.attachments
      .filter((a) => a.kind === "image")
      .map((a) => ({ filename: named(a.filename), mediaType: a.contentType, bytes: withImageBytes.get(a.id) ?? null })),
  };
}

type PromptInput = {
  product: Pick<ProductRow, "title" | "systemPrompt" | "assistantType">;
  topicId: number;
  contextTokens: number;
  maxOutputTokens: number;
  /** The topic's privacy vault, when anything in it was hidden from the model. */
  vault: Vault | null;
};

/**
 * In a law mode, the articles for the question (docs/law.md "Answers grounded in the text"): null in the other modes,
 * and when LAW_RETRIEVAL is "off" (only the benchmark sets it, to time a send without retrieval).
 */
export function groundingFor(
  env: Env,
  input: Pick<PromptInput, "contextTokens" | "maxOutputTokens"> & { assistantType: string },
  question: string,
): Promise<LawGrounding | null> {
  if (!isLawMode(input.assistantType) || env.LAW_RETRIEVAL === "off") return Promise.resolve(null);
  const budgetChars = lawBudgetChars(input);
  return groundQuestion(lawDb(env.LAW_DB), question, { today: moscowToday(), budgetChars });
}

const groundingOf = (env: Env, input: PromptInput, question: string) =>
  groundingFor(env, { ...input, assistantType: input.product.assistantType }, question);

/**
 * The prompt for `turns`, the last one the question: its images read from R2 while the law's articles are looked up,
 * the articles after the system prompt, the rest composed to the window.
 */
async function composeTurns(
  env: Env,
  turns: Turn[],
  input: PromptInput,
  law: Promise<LawGrounding | null>,
): Promise<ComposedPrompt> {
  const question = turns.at(-1)!;
  const images = question.attachments.filter((a) => a.kind === "image");
  const [bytes, grounding] = await Promise.all([
    Promise.all(images.map(async (a) => [a.id, await readAttachmentBytes(env, a.r2Key)] as const)).then(
      (pairs) => new Map(pairs),
    ),
    law,
  ]);
  const system = systemPromptFor(input.product);
  const composed = composePrompt({
    system: grounding?.block ? `${system}\n\n${grounding.block}` : system,
    turns: turns.map((t) => toPromptTurn(t, bytes, input.vault ?? emptyVault())),
    contextTokens: input.contextTokens,
    maxOutputTokens: input.maxOutputTokens,
  });
  return grounding ? { ...composed, lawDate: grounding.date } : composed;
}

/**
 * Reads the topic's history up to the question from its history shard and the question's images from R2, and composes
 * the prompt.
 */
export async function loadPrompt(
  env: Env,
  db: HistoryDb,
  input: PromptInput & { userMessageId: number },
): Promise<ComposedPrompt> {
  const turns = await loadTurns(db, input.topicId, input.userMessageId);
  if (turns.at(-1)?.id !== input.userMessageId)
    throw new Error(`message ${input.userMessageId} is not the last of topic ${input.topicId}`);
  return composeTurns(env, turns, input, groundingOf(env, input, turns.at(-1)!.text));
}

/**
 * The prompt for a question not yet written (docs/scale.md "The first chunk"): the branch on screen
 * (none in a topic just started) and the question in hand with its files. Answers the branch's leaf
 * too, the question's parent when it is written.
 */
export async function loadAskPrompt(
  env: Env,
  db: HistoryDb,
  input: PromptInput & { userId: number; ask: Ask; law?: Promise<LawGrounding | null> },
): Promise<{ prompt: ComposedPrompt; parentId: number | null }> {
  const { ask } = input;
  // Looked up beside the branch and the files, unless the topic's object began beside its batch: the articles need
  // only the question.
  const law = input.law ?? groundingOf(env, input, ask.text);
  const [branch, files] = await Promise.all([
    ask.newTopic ? [] : loadTurns(db, input.topicId, leafOf(input.topicId)),
    loadTurnFiles(db, input.userId, ask.attachmentIds),
  ]);
  // The documents as the privacy guard masked them: they are written so in the question's batch.
  const masked = new Map(ask.privacy?.documents.map((d) => [d.id, d.text]));
  const attachments = files.map((f) => (masked.has(f.id) ? { ...f, extractedText: masked.get(f.id)! } : f));
  const question: Turn = { id: 0, role: "user", text: ask.text, attachments };
  return {
    prompt: await composeTurns(env, [...branch, question], input, law),
    parentId: branch.at(-1)?.id ?? null,
  };
}
