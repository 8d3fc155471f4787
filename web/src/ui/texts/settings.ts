export const settingsTexts = {
  title: "Настройки",
  close: "Закрыть",
  tabAccount: "Аккаунт",
  tabSubscription: "Подписка",
} as const;
