import { InlineKeyboard } from "grammy";
import { MODES, texts } from "./texts";

/** The modes to pick, one a row; callback data `mode:<type>`. */
export const modesKeyboard = () =>
  InlineKeyboard.from(MODES.map((m) => [InlineKeyboard.text(m.title, `mode:${m.type}`)]));

/** Under a reply: another answer to the same question, or a new chat. */
export const replyKeyboard = () => new InlineKeyboard().text(texts.again, "again").text(texts.newChatButton, "new");

export const acceptKeyboard = (mode: string) => new InlineKeyboard().text(texts.acceptTerms, `accept:${mode}`);
