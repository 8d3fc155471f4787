export const modesTexts = {
  title: "С чем помочь?",
  subtitle: "Выберите режим — ассистент ответит как специалист в этой области",
  picked: "Выбран",
  start: "Начать чат",
  loadFailed: "Не удалось загрузить режимы, повторите попытку позже.",
  retry: "Повторить",
  // The modes' names until GET /products/ answers: the seeded titles (migrations/0001_seed_modes.sql), so a mode
  // has one name everywhere (the cards, the terms, the sidebar's filter, the model line).
  names: {
    explain_law: "Объясни закон",
    gpt: "Общий чат",
    explain_estate: "Недвижимость",
    explain_img: "Объясни изображение",
  } as Record<string, string>,
  // The sidebar's filter: the general type lists the image mode's chats too, so it names both.
  generalAndImages: (general: string, images: string) => `${general} и «${images}»`,
} as const;
