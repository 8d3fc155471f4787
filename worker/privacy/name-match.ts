import { surnameStem } from "./name-forms";

// «Иванов И.И.» in a signature and «Иванов Иван Иванович» in the preamble are one person, so
// they share a placeholder; two people of one surname and different initials are not.

interface KeyParts {
  surname: string;
  given: string;
  patronymic: string;
  /** Initials' letters, lower case: "ии". */
  initials: string;
}

function partsOfKey(key: string): KeyParts {
  const [surname = "", given = "", patronymic = "", initials = ""] = key.split("|");
  return { surname: surname && surnameStem(surname), given, patronymic, initials: initials.replace(/[^\p{L}]/gu, "") };
}

/** The given name's and the patronymic's letters as far as they are known: "иван", "иванович" or "и", "и". */
const firstNames = (p: KeyParts) => [p.given || p.initials[0] || "", p.patronymic || p.initials[1] || ""];

/** Agree where both are known: equal words, or a word and its initial. */
const agree = (a: string, b: string) => !a || !b || (a.length > 1 && b.length > 1 ? a === b : a[0] === b[0]);

/** Whether two name keys (detect.ts `nameKey`) can be one person: a surname in common or a full name and patronymic. */
export function sameNameMaybe(a: string, b: string): boolean {
  const [pa, pb] = [partsOfKey(a), partsOfKey(b)];
  if (pa.surname && pb.surname && pa.surname !== pb.surname) return false;
  const [na, nb] = [firstNames(pa), firstNames(pb)];
  if (!agree(na[0], nb[0]) || !agree(na[1], nb[1])) return false;
  const shareSurname = !!pa.surname && !!pb.surname;
  const shareFullNames = pa.given && pb.given && pa.patronymic && pb.patronymic;
  return shareSurname || !!shareFullNames;
}
