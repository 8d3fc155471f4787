import { quoted } from "../quoted";

export const invitationTexts = {
  title: "Приглашение в компанию",
  listTitle: "Приглашения в компании",
  body: "Вас пригласили в компанию в «Ясно». Примите приглашение, чтобы стать её сотрудником, или отклоните его.",
  accept: "Принять",
  decline: "Отклонить",
  joined: (company: string) => `Готово: вы сотрудник компании ${quoted(company)}.`,
  // Who invites and where, before any answer (issue 29).
  invites: (inviter: string | null, company: string) =>
    `${inviter ? `${inviter} приглашает вас` : "Вас приглашают"} в компанию ${quoted(company)}`,
  declined: "Приглашение отклонено.",
  gone: (email: string | null) =>
    `Приглашение не найдено: его отозвали, на него уже ответили или оно пришло на другой ` +
    `адрес${email ? ` (вы вошли как ${email})` : ""}.`,
  none: "Приглашений нет.",
  failed: "Не удалось ответить на приглашение. Попробуйте ещё раз.",
  home: "Перейти в Ясно",
} as const;
