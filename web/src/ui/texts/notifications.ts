export const notificationsTexts = {
  bell: "Уведомления",
  unread: (n: number) => `Непрочитанных уведомлений: ${n}`,
  title: "Уведомления",
  empty: "Новых уведомлений нет",
  markRead: "Прочитано",
  markAllRead: "Прочитать все",
} as const;
