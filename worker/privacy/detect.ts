import { findEmails, findPhones } from "./contacts";
import { digitView } from "./digit-view";
import { digitsOf, type Found, type PrivateKind } from "./kinds";
import { findNames, type NameParts } from "./names";
import { findNumbers, STRENGTH } from "./numbers";
import { findPassports } from "./passports";

interface Candidate {
  kind: PrivateKind;
  start: number;
  end: number;
  strength: number;
  display?: string;
  parts?: NameParts;
}

/** A name's key: its nominative parts, surname | given | patronymic | initials. */
export const nameKey = (parts: NameParts) =>
  [parts.surname, parts.given, parts.patronymic, parts.initials?.toLowerCase()].map((p) => p ?? "").join("|");

/** The same phone written +7… or 8… is one phone. */
const phoneKey = (value: string) => `7${digitsOf(value).slice(-10)}`;

function keyOf(kind: PrivateKind, value: string, parts?: NameParts): string {
  if (kind === "name") return nameKey(parts!);
  if (kind === "email") return value.toLowerCase();
  if (kind === "phone") return phoneKey(value);
  return digitsOf(value);
}

function candidates(text: string): Candidate[] {
  const view = digitView(text);
  const numbers: Candidate[] = [
    ...findNumbers(view.text),
    ...findPassports(view.text).map((s) => ({ ...s, kind: "passport" as const, strength: STRENGTH.named })),
    ...findPhones(view.text).map((s) => ({ ...s, kind: "phone" as const, strength: STRENGTH.format })),
  ];
  return [
    ...(view.text === text ? numbers : numbers.map((c) => ({ ...c, ...view.spanOf(c.start, c.end) }))),
    ...findEmails(text).map((s) => ({ ...s, kind: "email" as const, strength: STRENGTH.named })),
    ...findNames(text).map((n) => ({
      kind: "name" as const,
      start: n.start,
      end: n.end,
      strength: STRENGTH.format,
      display: n.display,
      parts: n.parts,
    })),
  ];
}

const rank = (a: Candidate, b: Candidate) =>
  b.strength - a.strength || b.end - b.start - (a.end - a.start) || a.start - b.start;

/** From readings that overlap one another, the best that do not: surer first, then longer. */
function resolve(cluster: Candidate[]): Candidate[] {
  if (cluster.length === 1) return cluster;
  const taken: Candidate[] = [];
  for (const c of cluster.sort(rank)) {
    if (!taken.some((t) => c.start < t.end && t.start < c.end)) taken.push(c);
  }
  return taken.sort((a, b) => a.start - b.start);
}

/**
 * The personal data in `text`, in order and never overlapping: where two readings cover the
 * same characters, the one its words or format make surer wins, then the longer one
 * («112-233-445 95» is a СНИЛС, not a phone; a 20-digit account is not a card inside it).
 */
export function detect(text: string): Found[] {
  const sorted = candidates(text).sort((a, b) => a.start - b.start);
  const taken: Candidate[] = [];
  let cluster: Candidate[] = [];
  let clusterEnd = -1;
  for (const c of sorted) {
    if (c.start >= clusterEnd && cluster.length > 0) {
      taken.push(...resolve(cluster));
      cluster = [];
    }
    cluster.push(c);
    clusterEnd = Math.max(clusterEnd, c.end);
  }
  if (cluster.length > 0) taken.push(...resolve(cluster));
  return taken.map((c) => {
    const value = text.slice(c.start, c.end);
    return {
      kind: c.kind,
      value,
      key: keyOf(c.kind, value, c.parts),
      display: c.display ?? value,
      start: c.start,
      end: c.end,
    };
  });
}
