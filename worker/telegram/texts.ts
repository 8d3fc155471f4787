import { balanceTexts } from "../../web/src/ui/texts/balance";
import { modesTexts } from "../../web/src/ui/texts/modes";
import { plural } from "../plural";
import { ASSISTANT_TYPES, QUOTAS } from "../settings";
import type { Limits } from "./internal-api";

/** The modes the bot offers (docs/product.md §3), named as on the web (its texts, one name everywhere). */
export const MODES = ASSISTANT_TYPES.map((type) => ({ type, title: modesTexts.names[type] ?? type }));
export const DEFAULT_MODE = "explain_law";
export const modeTitle = (type: string) => modesTexts.names[type] ?? type;

export const texts = {
  greeting: (name: string) =>
    `Здравствуйте, ${name}! Я — Ясно, ИИ-помощник. Задайте вопрос текстом — отвечу здесь же.\n` +
    `${modesTexts.title} Выберите режим:`,
  pickMode: "Выберите режим:",
  modePicked: (title: string) => `Режим «${title}». Задайте вопрос.`,
  terms: (title: string, text: string) => `Условия режима «${title}»:\n\n${text}`,
  acceptTerms: "Принимаю условия",
  termsAccepted: "Условия приняты. Задайте вопрос.",
  newChat: "Новый чат. Задайте вопрос.",
  again: "Другой ответ",
  newChatButton: "Новый чат",
  nothingToRepeat: "Повторять нечего: задайте вопрос.",
  noChats: "Чатов пока нет. Задайте вопрос — и он появится здесь.",
  chats: "Недавние чаты — выберите, чтобы продолжить:",
  untitled: "Без названия",
  chatPicked: (name: string) => `Продолжаем чат «${name}». Задайте вопрос.`,
  help:
    "Я отвечаю на вопросы. Команды:\n" +
    "/new — новый чат\n/chats — недавние чаты\n/mode — выбрать режим\n/balance — сколько осталось запросов\n" +
    "/buy — купить запросы\n/promo КОД — активировать промокод\n/link — привязать аккаунт Ясно\n" +
    "/help — эта справка",
  plans: "Тарифы — выберите, чтобы оплатить:",
  noPlans: "Сейчас нет тарифов для покупки.",
  plan: (name: string, price: number) => `${name} — ${price.toLocaleString("ru-RU")} ₽`,
  payLink: (name: string) => `Оплата тарифа «${name}»: откройте страницу оплаты по кнопке.`,
  payButton: "Оплатить",
  receiptEmail: "Напишите e-mail, на который придёт чек об оплате.",
  linked: (email: string) => `Telegram привязан к аккаунту ${email}. Чтобы привязать другой, откройте ссылку ниже.`,
  link:
    "Откройте ссылку в браузере, где вы вошли в Ясно (или войдите там), и нажмите «Привязать»: этот чат " +
    "станет частью вашего аккаунта. Ссылка действует 15 минут и только один раз.",
  linkButton: "Привязать аккаунт",
  promoAsk: "Напишите код после команды: /promo КОД",
  promoDone: (balance: string) => `Промокод активирован. ${balance}`,
  promoInvalid: "Неверный промокод",
  noRequests: "Запросы закончились. Обновите план, чтобы продолжить общение.",
  busy: "Дождитесь окончания ответа",
  providerDown: "Модель сейчас не отвечает, запрос возвращён. Попробуйте позже.",
  failed: "Не получилось ответить. Попробуйте ещё раз чуть позже.",
  fileTooLarge: "Файл слишком большой: максимум 20 МБ",
  voiceTooLarge: `Запись слишком большая: максимум ${QUOTAS.audioMaxBytes / 1024 / 1024} МБ`,
  voiceEmpty: "Не удалось разобрать речь: запишите вопрос ещё раз или напишите его.",
  transcript: (text: string) => `Вы сказали: «${text}»`,
  photoQuestion: "Объясни, что на изображении.",
  documentQuestion: "Разбери этот документ.",
  onlyText: "Пока я понимаю текст, голос, фото и документы: напишите вопрос словами.",
} as const;

/** The same words as the web's balance chip (web/src/features/billing/BalanceChip.tsx). */
export function balanceText(limits: Limits): string {
  const t = balanceTexts;
  const pool = limits.pool;
  if (pool && (pool.is_unlimited || pool.available_requests > 0)) {
    const n = pool.available_requests;
    return t.fromCompany(pool.is_unlimited ? t.unlimited : t.left(n, plural(n, t.requestForms)), pool.company_name);
  }
  if (limits.is_unlimited) return t.unlimited;
  const n = limits.available_requests;
  return n === 0 ? t.none : t.left(n, plural(n, t.requestForms));
}
