// What the browser's tab says of each page: "<title> — Ясно" (docs/web.md "Titles").
export const titlesTexts = {
  newChat: "Новый чат",
  chat: "Чат",
  login: "Вход",
  register: "Регистрация",
  forgot: "Восстановление пароля",
  recovery: "Новый пароль",
  checkout: "Оплата",
  invitation: "Приглашение в компанию",
  emailConfirm: "Подтверждение e-mail",
  telegramLink: "Привязка Telegram",
  notFound: "Страница не найдена",
} as const;
