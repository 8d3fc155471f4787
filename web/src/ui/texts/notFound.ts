export const notFoundTexts = {
  title: "Страница не найдена",
  body: "Такой страницы нет. Возможно, ссылка устарела.",
  home: "На главную",
} as const;
