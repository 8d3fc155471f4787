import { z } from "zod";
import { QUOTAS, TOPIC_TYPES } from "../settings";
import { missingOr, wholeNumber } from "../http/fields";

// The chat's fields, the same for the web and the bots' API (worker/operations/routes/internal).

const MAX_ATTACHMENTS = QUOTAS.documentsPerMessage + QUOTAS.imagesPerMessage;
const ASSISTANT_TYPE_MISSING = "Укажите режим ассистента";

export const topicName = z
  .string(missingOr("Укажите название чата", "Название чата должно быть строкой"))
  .trim()
  .max(100, { error: "Название чата должно быть не длиннее 100 символов" })
  .refine((name) => !/[\r\n\u2028\u2029]/.test(name), { error: "Название чата должно быть в одну строку" });

// A wrong status or type answers in zod's words: the client sends one from a list it has.
export const topicStatus = z.enum(["active", "archived"]);
export const topicType = z.enum(TOPIC_TYPES);

/** A mode's name as sent; whether such a mode exists is the send's to say. */
export const assistantTypeName = z
  .string({ error: ASSISTANT_TYPE_MISSING })
  .trim()
  .min(1, { error: ASSISTANT_TYPE_MISSING });

export const messageText = z
  .string(missingOr("Введите сообщение", "Текст сообщения должен быть строкой"))
  .trim()
  .min(1, { error: "Сообщение не может быть пустым" })
  .max(QUOTAS.messageMaxChars, { error: `Сообщение должно быть не длиннее ${QUOTAS.messageMaxChars} символов` });

export const attachmentIds = z
  .array(wholeNumber("Идентификатор вложения").positive({ error: "Некорректный идентификатор вложения" }), {
    error: "attachments должен быть списком идентификаторов вложений",
  })
  .max(MAX_ATTACHMENTS, { error: `Не больше ${MAX_ATTACHMENTS} вложений в сообщении` })
  .default([]);

const KEEP_AS_IS_TYPE = "keep_as_is: список строк";
const keptText = z.string({ error: KEEP_AS_IS_TYPE }).max(500, { error: "keep_as_is: строки не длиннее 500 символов" });

/** What the user chose to send to the model as is, though the privacy guard would hide it (docs/privacy.md). */
export const keepAsIs = z
  .array(keptText, { error: KEEP_AS_IS_TYPE })
  .max(100, { error: "keep_as_is: не больше 100 значений" })
  .default([]);
