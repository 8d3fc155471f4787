// The bot's one-time link page (/link/telegram) and the account tab's Telegram section (docs/product.md §2).
export const telegramLinkTexts = {
  title: "Привязка Telegram",
  question: (email: string | null) =>
    email ? `Привязать Telegram к аккаунту ${email}?` : "Привязать Telegram к этому аккаунту?",
  hint: "В боте будут те же чаты, запросы и оплаты, что и здесь. Пароль в чат вводить не нужно.",
  link: "Привязать",
  done: "Готово: Telegram привязан к аккаунту. Вернитесь в чат с ботом и продолжайте там.",
  noToken: "В ссылке нет токена: отправьте боту /link ещё раз.",
  failed: "Не удалось привязать Telegram. Попробуйте ещё раз.",
  home: "Перейти в Ясно",
  section: "Telegram",
  linked: "Telegram привязан к аккаунту: бот знает ваши запросы и оплаты.",
  notLinked: "Telegram не привязан. Чтобы привязать, отправьте боту «Ясно» команду /link.",
  unlink: "Отвязать Telegram",
  unlinked: "Telegram отвязан.",
  unlinkFailed: "Не удалось отвязать Telegram. Попробуйте ещё раз.",
} as const;
