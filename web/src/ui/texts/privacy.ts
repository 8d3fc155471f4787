// The privacy guard (docs/privacy.md "What the user sees"): the composer's notice (the note under a
// question is the chat's, chat.ts).
export const privacyTexts = {
  notice: {
    /** Followed by maskedSummary's list, each kind in the accusative: «паспорт, 2 телефона». */
    willHide: "Скроем от модели: ",
    nothingHidden: "Всё найденное уйдёт модели как есть",
    details: "Что скроем",
    listTitle: "Найдено в вопросе",
    listHint: "Модель получит подстановки вместо этих данных, а вы увидите в ответе настоящие значения.",
    keep: "отправить как есть",
    keepLabel: (kind: string, value: string) => `Отправить как есть: ${kind} ${value}`,
  },
  kinds: {
    passport: "Паспорт",
    snils: "СНИЛС",
    inn: "ИНН",
    ogrn: "ОГРН",
    card: "Карта",
    account: "Счёт",
    phone: "Телефон",
    email: "E-mail",
    name: "ФИО",
  },
} as const;
