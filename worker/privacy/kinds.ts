// What the privacy guard finds (docs/privacy.md): the kinds, in the order a summary names them,
// and the label each kind's placeholder carries.

export const PRIVATE_KINDS = ["passport", "snils", "inn", "ogrn", "card", "account", "phone", "email", "name"] as const;

export type PrivateKind = (typeof PRIVATE_KINDS)[number];

/** One piece of personal data in a text: `text.slice(start, end) === value`. */
export interface Found {
  kind: PrivateKind;
  value: string;
  /** The value as compared: digits only for numbers, lower case for e-mail, the normal form of a name. */
  key: string;
  /** How the value is shown back in place of its placeholder: as written, a name in the nominative. */
  display: string;
  start: number;
  end: number;
}

/** The word in a placeholder: `[Паспорт 1]`, `[ФИО 2]`. */
export const PLACEHOLDER_LABELS: Record<PrivateKind, string> = {
  passport: "Паспорт",
  snils: "СНИЛС",
  inn: "ИНН",
  ogrn: "ОГРН",
  card: "Карта",
  account: "Счёт",
  phone: "Телефон",
  email: "Email",
  name: "ФИО",
};

/** The digits of a value, full-width ones («７») read as ASCII, so a number has one key however it was typed. */
export const digitsOf = (text: string) =>
  text.replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(48 + d.charCodeAt(0) - 0xff10)).replace(/\D/g, "");
