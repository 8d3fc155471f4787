export const emailConfirmTexts = {
  title: "Подтверждение e-mail",
  checking: "Подтверждаем новый адрес…",
  done: "E-mail подтверждён",
  doneBody: (email: string) => `Теперь e-mail вашего аккаунта — ${email}.`,
  invalid: "Ссылка недействительна",
  invalidBody:
    "Ссылка для смены e-mail устарела или уже была использована. Запросите смену ещё раз в настройках аккаунта.",
  failed: "Не удалось подтвердить e-mail",
  next: "Перейти в Ясно",
  settings: "Настройки аккаунта",
} as const;
