import { type Found, PRIVATE_KINDS, type PrivateKind } from "./kinds";
import type { MaskedCount } from "./vault";

// The composer's notice «Скроем от модели: паспорт, 2 телефона»: each kind in the accusative
// (it follows «скроем»), a number before it when there is more than one.

/** One, a few (2–4) and many: паспорт/паспорта/паспортов; one is the accusative singular. */
const FORMS: Record<PrivateKind, [string, string, string]> = {
  passport: ["паспорт", "паспорта", "паспортов"],
  snils: ["СНИЛС", "СНИЛС", "СНИЛС"],
  inn: ["ИНН", "ИНН", "ИНН"],
  ogrn: ["ОГРН", "ОГРН", "ОГРН"],
  card: ["карту", "карты", "карт"],
  account: ["счёт", "счёта", "счетов"],
  phone: ["телефон", "телефона", "телефонов"],
  email: ["e-mail", "e-mail", "e-mail"],
  name: ["ФИО", "ФИО", "ФИО"],
};

/** The Russian plural form for a count: 1, 21 → one; 2–4, 22–24 → a few; the rest → many. */
function formFor(count: number, [one, few, many]: [string, string, string]): string {
  const last = count % 10;
  const lastTwo = count % 100;
  if (last === 1 && lastTwo !== 11) return one;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return few;
  return many;
}

/** «паспорт, 2 телефона»; empty when nothing is hidden. */
export function maskedSummary(masked: readonly MaskedCount[]): string {
  return masked
    .filter((m) => m.count > 0)
    .map(({ kind, count }) => (count === 1 ? FORMS[kind][0] : `${count} ${formFor(count, FORMS[kind])}`))
    .join(", ");
}

/** How many different values of each kind `detect` found, in the order a summary names them. */
export function countFound(items: readonly Found[]): MaskedCount[] {
  return PRIVATE_KINDS.map((kind) => ({
    kind,
    count: new Set(items.filter((i) => i.kind === kind).map((i) => i.key)).size,
  })).filter((c) => c.count > 0);
}
