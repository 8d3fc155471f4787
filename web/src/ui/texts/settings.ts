export const settingsTexts = {
  title: "Настройки",
  close: "Закрыть",
  tabAccount: "Аккаунт",
  tabSubscription: "Подписка",
  tabPrivacy: "Приватность",
} as const;
