// Every visible text of the web app, in one place (SPEC.md keeps them exact).
export const texts = {
  brand: "Ясно",
  back: "Назад",
  notFound: {
    title: "Страница не найдена",
    body: "Такой страницы нет. Возможно, ссылка устарела.",
    home: "На главную",
  },
} as const;
