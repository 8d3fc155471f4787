import { type Found, PRIVATE_KINDS, type PrivateKind } from "./kinds";
import type { MaskedCount } from "./vault";
import { plural } from "../plural";

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

/** «паспорт, 2 телефона»; empty when nothing is hidden. */
export function maskedSummary(masked: readonly MaskedCount[]): string {
  return masked
    .filter((m) => m.count > 0)
    .map(({ kind, count }) => (count === 1 ? FORMS[kind][0] : `${count} ${plural(count, FORMS[kind])}`))
    .join(", ");
}

/** How many different values of each kind `detect` found, in the order a summary names them. */
export function countFound(items: readonly Found[]): MaskedCount[] {
  return PRIVATE_KINDS.map((kind) => ({
    kind,
    count: new Set(items.filter((i) => i.kind === kind).map((i) => i.key)).size,
  })).filter((c) => c.count > 0);
}
