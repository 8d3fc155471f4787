// The privacy guard (docs/privacy.md "What the user sees"): the composer's notice and the setting
// per mode (the note under a question is the chat's, chat.ts).
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
  /** A kind's name is its placeholder's word (worker/privacy/kinds.ts), but e-mail is spelt as elsewhere on screen. */
  email: "E-mail",
  settings: {
    title: "Скрывать персональные данные от модели",
    description:
      "Паспорт, СНИЛС, ИНН, номера карт и счетов, телефоны, e-mail и ФИО в вопросе и документах заменяются " +
      "подстановками до того, как их увидит модель. В ответе вы видите настоящие значения.",
    switchLabel: (mode: string) => `Скрывать персональные данные от модели: ${mode}`,
    loadFailed: "Не удалось загрузить настройки приватности, повторите попытку позже.",
    retry: "Повторить",
    saveFailed: "Не удалось сохранить настройку, повторите попытку позже.",
  },
} as const;
