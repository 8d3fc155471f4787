// The terms of a mode, accepted before the first message in it.
export const disclaimerTexts = {
  title: "Условия использования режима",
  titleOf: (mode: string) => `Условия использования режима «${mode}»`,
  accept: "Принимаю",
  cancel: "Отмена",
  acceptFailed: "Не удалось принять условия, повторите попытку позже.",
  changed: "Условия только что обновились: прочитайте новую редакцию и примите её.",
  required: "Чтобы отправить сообщение в этом режиме, примите его условия использования.",
} as const;
