import { accountKeyValid, innValid, luhnValid, ogrnValid, snilsValid } from "./checksums";
import { type Context, contextBefore } from "./context";
import type { PrivateKind } from "./kinds";

// Numbers as people write them: digit groups joined by single spaces or dashes
// («4276 3800 1234 5678», «112-233-445 95»). A whole group run is read as one number; only when
// it is none of ours are its long groups (9+ digits) read alone («7707083893 7707083893»), so a
// phone-like piece inside a longer number is never taken.

/** How sure a reading is; the stronger of two overlapping readings wins (detect.ts). */
export const STRENGTH = { checksum: 1, format: 2, named: 3 } as const;

export interface NumberReading {
  kind: PrivateKind;
  start: number;
  end: number;
  strength: number;
}

const RUN = /\d+(?:[ \u00a0-]\d+)*/g;
const BIK = /(?<!\d)04\d{7}(?!\d)/g;
const TWENTY_DIGITS = /(?<!\d)\d{20}(?!\d)/g;
const SENTENCE_END = /[.!?…]\s+[А-ЯЁA-Z]/;
/** An account's БИК may stand this far away, in characters (a requisites block). */
const BIK_REACH = 300;

/** Not part of a word, a decimal fraction («12.5»), a code («А-123») or a longer number. */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? " ";
  const after = text[end] ?? " ";
  if (/[\p{L}\p{N}_]/u.test(before) || /[\p{L}\p{N}_]/u.test(after)) return false;
  if (/[.,-]/.test(before) && /[\p{L}\p{N}]/u.test(text[start - 2] ?? "")) return false;
  if (/[.,]/.test(after) && /\d/.test(text[end + 1] ?? "")) return false;
  return true;
}

/** Passport series: a region (01–99) and the form's year (1997–2029). */
export const seriesPlausible = (series: string) =>
  series.slice(0, 2) !== "00" && /^(?:9[7-9]|[0-2]\d)$/.test(series.slice(2, 4));

/** ОГРН: 1 or 5 and the year of the record (2002 on); ОГРНИП: 3 and the year. */
const ogrnShaped = (d: string) => (d.length === 13 ? /^[15](?:0[2-9]|[12]\d)/ : /^3(?:0[2-9]|[12]\d)/).test(d);

/**
 * A balance account of the first order people see (301–303 correspondent, 401–459 clients' and deposits) and a currency
 * code.
 */
const ACCOUNT_SHAPE = /^(?:30[1-3]|4[0-5]\d)\d\d(?:810|643|840|978|156|826|756|392|398|933|949)/;

interface Run {
  digits: string;
  groups: number[];
  start: number;
  end: number;
}

interface Bik {
  digits: string;
  at: number;
  /**
   * In the run's sentence (or lines) with no other 20-digit number between them: the run's own bank, whose key decides.
   */
  beside: (run: Run) => boolean;
}

function read(run: Run, context: Context, biks: Bik[]): { kind: PrivateKind; strength: number } | null {
  const d = run.digits;
  const shape = run.groups.join(" ");
  const named = (kind: PrivateKind) => context === kind;
  const plain = context === null;
  // «номер» alone: only what check digits make all but certain (1 in 100 or less by chance).
  const signed = plain || context === "sign";
  switch (d.length) {
    case 10:
      if (named("passport")) return seriesPlausible(d) ? { kind: "passport", strength: STRENGTH.named } : null;
      if (named("inn")) return innValid(d) ? { kind: "inn", strength: STRENGTH.named } : null;
      if ((shape === "4 6" || shape === "2 2 6") && seriesPlausible(d))
        return { kind: "passport", strength: STRENGTH.format };
      return plain && innValid(d) ? { kind: "inn", strength: STRENGTH.checksum } : null;
    case 11:
      if (!snilsValid(d)) return null;
      if (named("snils") || shape === "3 3 3 2") return { kind: "snils", strength: STRENGTH.named };
      return signed ? { kind: "snils", strength: STRENGTH.checksum } : null;
    case 12:
      if (!innValid(d)) return null;
      return named("inn")
        ? { kind: "inn", strength: STRENGTH.named }
        : signed
          ? { kind: "inn", strength: STRENGTH.checksum }
          : null;
    case 13:
    case 15:
      if (named("card")) return luhnValid(d) ? { kind: "card", strength: STRENGTH.named } : null;
      if (!ogrnValid(d) || !ogrnShaped(d)) return null;
      return named("ogrn")
        ? { kind: "ogrn", strength: STRENGTH.named }
        : signed
          ? { kind: "ogrn", strength: STRENGTH.checksum }
          : null;
    case 14:
      return named("card") && luhnValid(d) ? { kind: "card", strength: STRENGTH.named } : null;
    case 16:
    case 17:
    case 18:
    case 19:
      if (!luhnValid(d)) return null;
      if (named("card")) return { kind: "card", strength: STRENGTH.named };
      if (!/^[2-6]/.test(d) || context === "other" || context === "sign") return null;
      return { kind: "card", strength: run.groups.every((g) => g === 4) ? STRENGTH.format : STRENGTH.checksum };
    case 20: {
      // A КБК or a document's number, whatever БИК stands near.
      if (context === "other") return null;
      const near = biks.filter((b) => Math.abs(b.at - run.start) <= BIK_REACH);
      const beside = near.filter((b) => b.beside(run));
      if (beside.length > 0)
        return beside.some((b) => accountKeyValid(d, b.digits)) ? { kind: "account", strength: STRENGTH.named } : null;
      if (near.some((b) => accountKeyValid(d, b.digits))) return { kind: "account", strength: STRENGTH.named };
      return ACCOUNT_SHAPE.test(d) && context !== "sign" ? { kind: "account", strength: STRENGTH.format } : null;
    }
    default:
      return null;
  }
}

function runOf(start: number, value: string): Run {
  return {
    digits: value.replace(/\D/g, ""),
    groups: value.split(/[ \u00a0-]/).map((g) => g.length),
    start,
    end: start + value.length,
  };
}

/** Passport numbers, СНИЛС, ИНН, ОГРН, cards and accounts written as digit groups. */
export function findNumbers(text: string): NumberReading[] {
  const twenties = Array.from(text.matchAll(TWENTY_DIGITS), (m) => m.index);
  const biks = text.includes("04")
    ? Array.from(text.matchAll(BIK), (m) => ({
        digits: m[0],
        at: m.index,
        beside: (run: Run) => {
          const [from, to] = m.index < run.start ? [m.index, run.start] : [run.end, m.index];
          return (
            !SENTENCE_END.test(text.slice(from, to)) && !twenties.some((at) => at > from && at < to && at !== run.start)
          );
        },
      }))
    : [];
  const found: NumberReading[] = [];
  const take = (run: Run) => {
    const reading = read(run, contextBefore(text, run.start), biks);
    if (reading) found.push({ ...reading, start: run.start, end: run.end });
    return reading !== null;
  };
  for (const m of text.matchAll(RUN)) {
    const run = runOf(m.index, m[0]);
    if (run.digits.length < 10) continue;
    if (run.digits.length <= 20 && standsAlone(text, run.start, run.end) && take(run)) continue;
    if (run.groups.length === 1) continue;
    let at = run.start;
    for (const group of m[0].split(/[ \u00a0-]/)) {
      if (group.length >= 10 && group.length <= 20) take(runOf(at, group));
      at += group.length + 1;
    }
  }
  return found;
}
