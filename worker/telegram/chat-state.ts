import type { BotEnv } from "./env";
import { DEFAULT_MODE } from "./texts";

/** Where a chat is: the topic its next question goes to (0: a new one), its mode, its last question, a purchase. */
export type ChatState = {
  topicId: number;
  mode: string;
  lastQuestion?: string;
  /** A plan being bought that waits for the receipt's e-mail (the account has none). */
  buying?: number;
};

const key = (chatId: number) => `tg:chat:${chatId}`;

export async function chatState(env: BotEnv, chatId: number): Promise<ChatState> {
  const saved = await env.KV.get<ChatState>(key(chatId), "json");
  return saved ?? { topicId: 0, mode: DEFAULT_MODE };
}

export async function saveChatState(env: BotEnv, chatId: number, change: Partial<ChatState>): Promise<ChatState> {
  const next = { ...(await chatState(env, chatId)), ...change };
  await env.KV.put(key(chatId), JSON.stringify(next));
  return next;
}
