// The topic list, the sidebar, the mode picker and sharing (docs/product.md §2, §4, §8).
export const topicsTexts = {
  loadFailed: "Ошибка загрузки чатов, повторите попытку позже.",
  untitled: "Без названия",
  today: "Сегодня",
  yesterday: "Вчера",
  // By Date#getDay(): Sunday first.
  weekdays: ["Воскресенье", "Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота"],
  empty: "Здесь появятся ваши чаты",
  openNow: "Открытый чат",
  emptyFolder: "В этой папке пока нет чатов",
  emptyArchive: "В архиве пока пусто",
  retry: "Повторить",
  more: "Показать ещё",
} as const;
