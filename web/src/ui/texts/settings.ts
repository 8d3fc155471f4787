export const settingsTexts = {
  title: "Настройки",
  close: "Закрыть",
  tabAccount: "Аккаунт",
  tabSubscription: "Подписка",
  tabPrivacy: "Приватность",
  tabCompany: "Компания",
  companyName: (name: string) => `Компания «${name}»`,
  companyManager: "Пул запросов, сотрудники и приглашения — на странице компании.",
  companyMember: "Вы сотрудник: запросы сначала берутся из пула компании, в пределах вашего лимита.",
  companyOpen: "Открыть страницу компании",
} as const;
