export const balanceTexts = {
  /** "Остался 1 запрос", "Осталось 3 запроса", "Осталось 7 запросов". */
  left: (n: number, word: string) => `${n % 10 === 1 && n % 100 !== 11 ? "Остался" : "Осталось"} ${n} ${word}`,
  requestForms: ["запрос", "запроса", "запросов"] as const,
  none: "Запросы закончились",
  unlimitedUntil: (date: string) => `Безлимит до ${date}`,
  unlimited: "Безлимит",
  topUp: "Пополнить",
  open: "Ваши запросы: открыть подписку",
  fromCompany: (left: string, company: string) => `${left} · от компании «${company}»`,
} as const;
