import type { Found, PrivateKind } from "../../worker/privacy/kinds";

// The detection set: sentences made from templates by a seeded generator, each knowing where its
// personal data stands. Valid values get their check digits computed here, from the published
// rules, not by the code under test; invalid ones have one check digit off; look-alikes (contract
// numbers, dates, sums, articles of law, capitalised words that are not names) must not be found.
// Imported by test/worker/privacy-detection.test.ts and by the "Privacy" bench.

export interface Truth {
  kind: PrivateKind;
  start: number;
  end: number;
}

export interface Sample {
  text: string;
  truth: Truth[];
}

type Rng = () => number;

function mulberry32(seed: number): Rng {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
const digitsN = (rng: Rng, n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join("");
const between = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const pad = (n: number, width: number) => String(n).padStart(width, "0");
/** The last digit changed, so its check fails. */
const offByOne = (s: string, at = s.length - 1) => s.slice(0, at) + ((Number(s[at]) + 1) % 10) + s.slice(at + 1);

// Check digits, as the rules define them.
const innDigit = (s: string, weights: number[]) =>
  String((weights.reduce((sum, w, i) => sum + w * Number(s[i]), 0) % 11) % 10);
const inn10 = (rng: Rng) => {
  const body = pad(between(rng, 1, 99), 2) + digitsN(rng, 7);
  return body + innDigit(body, [2, 4, 10, 3, 5, 9, 4, 6, 8]);
};
const inn12 = (rng: Rng) => {
  const body = pad(between(rng, 1, 99), 2) + digitsN(rng, 8);
  const eleven = body + innDigit(body, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
  return eleven + innDigit(eleven, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
};
function snils(rng: Rng): string {
  const body = pad(between(rng, 1001999, 999999999), 9);
  const sum = Array.from(body).reduce((s, d, i) => s + Number(d) * (9 - i), 0);
  let check = sum < 100 ? sum : sum === 100 || sum === 101 ? 0 : sum % 101;
  if (check === 100) check = 0;
  return body + pad(check, 2);
}
const ogrnDigit = (body: string, modulus: bigint) => String((BigInt(body) % modulus) % 10n);
const ogrn = (rng: Rng) => {
  const body = pick(rng, ["1", "5"]) + pad(between(rng, 2, 24), 2) + digitsN(rng, 9);
  return body + ogrnDigit(body, 11n);
};
const ogrnip = (rng: Rng) => {
  const body = `3${pad(between(rng, 4, 24), 2)}${digitsN(rng, 11)}`;
  return body + ogrnDigit(body, 13n);
};
function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
const card = (rng: Rng) => {
  const body =
    pick(rng, ["2200", "2202", "2204", "4276", "4279", "4817", "5469", "5336", "5106", "6762"]) + digitsN(rng, 11);
  return body + luhnDigit(body);
};
const BIKS = ["044525225", "044525593", "044525974", "044030653", "045004641", "046577674"];
/** An account with its control key (the 9th digit) for the БИК. */
function account(rng: Rng, bik: string): string {
  const raw = `${pick(rng, ["40817810", "40702810", "40802810", "42307810", "40817840", "40701810"])}0${digitsN(rng, 11)}`;
  const keyed = bik.slice(-3) + raw;
  const sum = Array.from(keyed).reduce((s, d, i) => s + ((Number(d) * [7, 1, 3][i % 3]) % 10), 0);
  return raw.slice(0, 8) + String(((sum % 10) * 3) % 10) + raw.slice(9);
}
const passportSeries = (rng: Rng) =>
  pad(between(rng, 1, 99), 2) +
  pick(rng, ["97", "98", "99", "01", "03", "05", "08", "10", "12", "14", "15", "17", "19", "20", "22", "23"]);
const phoneBody = (rng: Rng) => pick(rng, ["9", "9", "9", "4", "8", "3"]) + digitsN(rng, 2);

const groups = (s: string, sizes: number[], sep: string) => {
  const parts: string[] = [];
  let at = 0;
  for (const n of sizes) {
    parts.push(s.slice(at, at + n));
    at += n;
  }
  return parts.join(sep);
};

// Names: the generator's own declension (nominative, genitive, dative, instrumental).
type Forms = [string, string, string, string];
const MALE_GIVEN: Forms[] = [
  ["Иван", "Ивана", "Ивану", "Иваном"],
  ["Сергей", "Сергея", "Сергею", "Сергеем"],
  ["Алексей", "Алексея", "Алексею", "Алексеем"],
  ["Дмитрий", "Дмитрия", "Дмитрию", "Дмитрием"],
  ["Игорь", "Игоря", "Игорю", "Игорем"],
  ["Павел", "Павла", "Павлу", "Павлом"],
  ["Никита", "Никиты", "Никите", "Никитой"],
  ["Илья", "Ильи", "Илье", "Ильёй"],
  ["Михаил", "Михаила", "Михаилу", "Михаилом"],
  ["Пётр", "Петра", "Петру", "Петром"],
  ["Артём", "Артёма", "Артёму", "Артёмом"],
  ["Лев", "Льва", "Льву", "Львом"],
  ["Кузьма", "Кузьмы", "Кузьме", "Кузьмой"],
  ["Василий", "Василия", "Василию", "Василием"],
  ["Ростислав", "Ростислава", "Ростиславу", "Ростиславом"],
  ["Ипполит", "Ипполита", "Ипполиту", "Ипполитом"],
];
const FEMALE_GIVEN: Forms[] = [
  ["Анна", "Анны", "Анне", "Анной"],
  ["Мария", "Марии", "Марии", "Марией"],
  ["Ольга", "Ольги", "Ольге", "Ольгой"],
  ["Наталья", "Натальи", "Наталье", "Натальей"],
  ["Екатерина", "Екатерины", "Екатерине", "Екатериной"],
  ["Любовь", "Любови", "Любови", "Любовью"],
  ["Татьяна", "Татьяны", "Татьяне", "Татьяной"],
  ["Юлия", "Юлии", "Юлии", "Юлией"],
  ["Светлана", "Светланы", "Светлане", "Светланой"],
  ["Ксения", "Ксении", "Ксении", "Ксенией"],
  ["Алёна", "Алёны", "Алёне", "Алёной"],
  ["Пелагея", "Пелагеи", "Пелагее", "Пелагеей"],
];
/** Fathers' names: the patronymic stem (male -ович/-евич/-ич, female -овна/-евна/-ична). */
const PATRONYMICS: [string, string][] = [
  ["Иванович", "Ивановна"],
  ["Сергеевич", "Сергеевна"],
  ["Петрович", "Петровна"],
  ["Александрович", "Александровна"],
  ["Николаевич", "Николаевна"],
  ["Михайлович", "Михайловна"],
  ["Юрьевич", "Юрьевна"],
  ["Дмитриевич", "Дмитриевна"],
  ["Игоревич", "Игоревна"],
  ["Ильич", "Ильинична"],
  ["Кузьмич", "Кузьминична"],
  ["Никитич", "Никитична"],
  ["Фёдорович", "Фёдоровна"],
];
const malePatronymic = (p: string): Forms => [p, `${p}а`, `${p}у`, `${p}ем`];
const femalePatronymic = (p: string): Forms => [p, `${p.slice(0, -1)}ы`, `${p.slice(0, -1)}е`, `${p.slice(0, -1)}ой`];
/**
 * Surname stems and how they decline: "ov" Иванов/Иванова, "sky" Островский/Островская, "adj"
 * Задорожный/Задорожная (not recognised: such words are too often ordinary adjectives), "fixed"
 * Шевченко, "male" Ковальчук (a woman's does not decline).
 */
const SURNAMES: [string, "ov" | "sky" | "adj" | "fixed" | "male"][] = [
  ["Иванов", "ov"],
  ["Смирнов", "ov"],
  ["Кузнецов", "ov"],
  ["Соловьёв", "ov"],
  ["Лебедев", "ov"],
  ["Пушкин", "ov"],
  ["Никитин", "ov"],
  ["Голубев", "ov"],
  ["Островск", "sky"],
  ["Задорожн", "adj"],
  ["Шевченко", "fixed"],
  ["Черных", "fixed"],
  ["Ковальчук", "male"],
  ["Петросян", "male"],
  ["Данелия", "fixed"],
];
function surnameForms(stem: string, type: string, female: boolean): Forms {
  if (type === "ov")
    return female ? [`${stem}а`, `${stem}ой`, `${stem}ой`, `${stem}ой`] : [stem, `${stem}а`, `${stem}у`, `${stem}ым`];
  if (type === "sky")
    return female
      ? [`${stem}ая`, `${stem}ой`, `${stem}ой`, `${stem}ой`]
      : [`${stem}ий`, `${stem}ого`, `${stem}ому`, `${stem}им`];
  if (type === "adj")
    return female
      ? [`${stem}ая`, `${stem}ой`, `${stem}ой`, `${stem}ой`]
      : [`${stem}ый`, `${stem}ого`, `${stem}ому`, `${stem}ым`];
  if (type === "male" && !female) return [stem, `${stem}а`, `${stem}у`, `${stem}ом`];
  return [stem, stem, stem, stem];
}

/** Words before a name in each of the four cases. */
const NAME_LEADS: string[][] = [
  ["Продавец", "Арендатор:", "Заявитель —", "гр.", "Подписал", "Истец"],
  ["в лице", "от имени", "со слов", "по заявлению", "интересы"],
  ["выдать", "передать", "направить", "принадлежит"],
  ["с", "между нами и", "подписан"],
];

interface Piece {
  text: string;
  /** Where the value stands in `text`. */
  start: number;
  end: number;
  /** Set when the value is data. */
  kind?: PrivateKind;
}

const piece = (before: string, value: string, after: string): Piece => ({
  text: before + value + after,
  start: before.length,
  end: before.length + value.length,
});

function nameValue(rng: Rng): string {
  const female = rng() < 0.45;
  const given = pick(rng, female ? FEMALE_GIVEN : MALE_GIVEN);
  const [pm, pf] = pick(rng, PATRONYMICS);
  const patronymic = female ? femalePatronymic(pf) : malePatronymic(pm);
  const [stem, type] = pick(rng, SURNAMES);
  const surname = surnameForms(stem, type, female);
  const c = between(rng, 0, 3);
  const initials = `${given[0][0]}.${rng() < 0.5 ? " " : ""}${patronymic[0][0]}.`;
  switch (between(rng, 0, 6)) {
    case 0:
    case 1:
      return `${surname[c]} ${given[c]} ${patronymic[c]}`;
    case 2:
      return `${given[c]} ${patronymic[c]} ${surname[c]}`;
    case 3:
      return `${given[c]} ${patronymic[c]}`;
    case 4:
      return `${surname[c]} ${initials}`;
    case 5:
      return `${initials} ${surname[c]}`;
    default:
      return rng() < 0.5 ? `${given[c]} ${surname[c]}` : `${surname[c]} ${given[c]}`;
  }
}

/** A valid value of `kind` in one of the ways people write it. */
function validPiece(rng: Rng, kind: PrivateKind): Piece {
  return { ...validOf(rng, kind), kind };
}

function validOf(rng: Rng, kind: PrivateKind): Piece {
  switch (kind) {
    case "passport": {
      const series = passportSeries(rng);
      const number = digitsN(rng, 6);
      const spaced = `${series.slice(0, 2)} ${series.slice(2)}`;
      return pick(rng, [
        () => piece("паспорт серия ", `${series} номер ${number}`, ", выдан ОВД"),
        () => piece("Паспорт: серия ", `${spaced} № ${number}`, ""),
        () => piece("паспорт ", `${series} ${number}`, " выдан 12.05.2015"),
        () => piece("данные паспорта ", `${spaced} ${number}`, ""),
        () => piece("паспорт гражданина РФ ", series + number, ""),
      ])();
    }
    case "snils": {
      const s = snils(rng);
      return pick(rng, [
        () => piece("СНИЛС ", groups(s, [3, 3, 3, 2], "-").replace(/-(\d\d)$/, " $1"), ""),
        () => piece("страховой номер ", groups(s, [3, 3, 3, 2], "-"), ""),
        () => piece("СНИЛС: ", s, ";"),
        () => piece("номер СНИЛС ", groups(s, [3, 3, 3, 2], " "), ""),
      ])();
    }
    case "inn": {
      const inn = rng() < 0.5 ? inn10(rng) : inn12(rng);
      return pick(rng, [
        () => piece("ИНН ", inn, ""),
        () => piece("ИНН: ", inn, ","),
        () => piece("ИНН/КПП ", inn, `/${digitsN(rng, 9)}`),
        () => piece("(ИНН ", inn, ")"),
        () => piece("реквизиты получателя: ", inn, ""),
      ])();
    }
    case "ogrn": {
      const value = rng() < 0.6 ? ogrn(rng) : ogrnip(rng);
      return piece(value.length === 13 ? pick(rng, ["ОГРН ", "ОГРН: "]) : "ОГРНИП ", value, "");
    }
    case "card": {
      const c = card(rng);
      return pick(rng, [
        () => piece("карта ", groups(c, [4, 4, 4, 4], " "), ""),
        () => piece("номер карты ", c, ""),
        () => piece("перевести на ", groups(c, [4, 4, 4, 4], " "), ""),
        () => piece("на карту ", groups(c, [4, 4, 4, 4], "-"), ""),
        () => piece("оплатил с ", c, " вчера"),
      ])();
    }
    case "account": {
      const bik = pick(rng, BIKS);
      const a = account(rng, bik);
      return pick(rng, [
        () => piece("р/с ", a, ` в ПАО Сбербанк, БИК ${bik}`),
        () => piece(`БИК ${bik}, расчётный счёт `, a, ""),
        () => piece("счёт ", a, ""),
        () => piece("на счёт № ", a, ` (БИК ${bik})`),
      ])();
    }
    case "phone": {
      const code = phoneBody(rng);
      const [a, b, c] = [digitsN(rng, 3), digitsN(rng, 2), digitsN(rng, 2)];
      const phone = pick(rng, [
        `+7 (${code}) ${a}-${b}-${c}`,
        `8 ${code} ${a}-${b}-${c}`,
        `8${code}${a}${b}${c}`,
        `+7${code}${a}${b}${c}`,
        `8-${code}-${a}-${b}-${c}`,
        `+7 ${code} ${a} ${b} ${c}`,
        `8 (${code}) ${a}${b}${c}`,
      ]);
      return piece(pick(rng, ["тел. ", "звоните ", "телефон: ", "мой номер ", "или "]), phone, "");
    }
    case "email": {
      const local =
        pick(rng, ["ivan", "a.petrova", "info", "olga_k", "sergey.smirnov", "buh", "director2020"]) +
        (rng() < 0.5 ? digitsN(rng, 2) : "");
      const domain = pick(rng, ["mail.ru", "yandex.ru", "gmail.com", "company.ru", "почта.рф", "inbox.ru"]);
      return piece(pick(rng, ["пишите на ", "e-mail: ", "почта ", "адрес "]), `${local}@${domain}`, "");
    }
    case "name":
      return piece(`${pick(rng, NAME_LEADS.flat())} `, nameValue(rng), pick(rng, [",", "", " (далее «Сторона»)"]));
  }
}

/** A value with one check digit off: not data. */
function invalidPiece(rng: Rng): Piece {
  return pick(rng, [
    () => piece("СНИЛС ", groups(offByOne(snils(rng)), [3, 3, 3, 2], "-").replace(/-(\d\d)$/, " $1"), ""),
    () => piece("ИНН ", offByOne(inn10(rng)), ""),
    () => piece("ИНН ", offByOne(inn12(rng)), ""),
    () => piece("ОГРН ", offByOne(ogrn(rng)), ""),
    () => piece("ОГРНИП ", offByOne(ogrnip(rng)), ""),
    () => piece("карта ", groups(offByOne(card(rng)), [4, 4, 4, 4], " "), ""),
    () => piece("номер карты ", offByOne(card(rng)), ""),
    () => {
      const bik = pick(rng, BIKS);
      return piece("р/с ", offByOne(account(rng, bik), 8), ` БИК ${bik}`);
    },
  ])();
}

const LOOK_ALIKES: ((rng: Rng) => string)[] = [
  (rng) =>
    `Договор № ${digitsN(rng, 10)} от ` +
    `${pad(between(rng, 1, 28), 2)}.${pad(between(rng, 1, 12), 2)}.20${between(rng, 10, 25)}`,
  (rng) => `заказ № ${digitsN(rng, 12)}`,
  (rng) => `артикул ${digitsN(rng, 13)}`,
  (rng) => `номер заявки ${pick(rng, ["8916", "8903", "8800"])}${digitsN(rng, 10)}`,
  (rng) => `код ${digitsN(rng, 16)}`,
  (rng) => `на сумму ${between(rng, 1, 999)} ${pad(between(rng, 0, 999), 3)} ${pad(between(rng, 0, 999), 3)} руб.`,
  (rng) =>
    `${between(rng, 1, 99)} ${pad(between(rng, 0, 999), 3)} ` +
    `${pad(between(rng, 0, 999), 3)},${pad(between(rng, 0, 99), 2)} ₽`,
  (rng) =>
    `согласно ст. ${between(rng, 1, 1500)} ГК РФ и п. ${between(rng, 1, 9)} ч. ${between(rng, 1, 4)} ст. ` +
    `${between(rng, 1, 400)} ТК РФ`,
  (rng) =>
    `кадастровый номер ${between(rng, 10, 99)}:${pad(between(rng, 1, 99), 2)}:${digitsN(rng, 7)}:${between(rng, 1, 9999)}`,
  (rng) => `КПП ${digitsN(rng, 9)}, БИК ${pick(rng, BIKS)}, ОКПО ${digitsN(rng, 8)}`,
  (rng) =>
    `с ${pad(between(rng, 0, 23), 2)}:${pad(between(rng, 0, 59), 2)} ${between(rng, 1, 28)} марта ` +
    `20${between(rng, 10, 25)} г.`,
  (rng) => `в ${between(rng, 2000, 2024)}–${between(rng, 2000, 2024)} годах`,
  (rng) => `дело № ${between(rng, 2, 2)}-${digitsN(rng, 4)}/20${between(rng, 10, 25)}`,
  (rng) => `номер ${digitsN(rng, 11)}${digitsN(rng, 3)}`,
  (rng) => `штрихкод ${pick(rng, ["460", "461"])}${digitsN(rng, 10)}`,
  (rng) => `лицевой счёт ${digitsN(rng, 10)}`,
  (rng) => `трек-номер ${digitsN(rng, 14)}`,
  (rng) => `ОКТМО ${digitsN(rng, 8)}, ОКВЭД 68.20`,
  (rng) =>
    `${pick(rng, ["Москва", "Санкт-Петербург", "Новосибирск"])}, ${between(rng, 1, 28)} мая ` +
    `20${between(rng, 10, 25)} г.`,
  () => "Гражданский кодекс Российской Федерации",
  () => "Верховный Суд Российской Федерации разъяснил",
  () => "Сбербанк России и Банк ВТБ",
  () => "Московская область, Ивановская область",
  () => "Петра Великого, Екатерины Второй",
  () => "Александровский сад и Сергиев Посад",
  () => "Вчера в Москве прошло заседание",
  () => "Федеральный закон «О персональных данных»",
  () => "Надежда есть всегда.",
  () => "Роман Толстого «Война и мир»",
];

const FILLERS = [
  "Стороны договорились о нижеследующем.",
  "Прошу разъяснить, законно ли это.",
  "Договор вступает в силу с момента подписания.",
  "Что делать в такой ситуации?",
  "Оплата производится в течение 5 (пяти) банковских дней.",
  "Спасибо!",
  "Подскажите, пожалуйста.",
];

const CHECKSUMMED: PrivateKind[] = ["snils", "inn", "ogrn", "card", "account"];
const ALL_KINDS: PrivateKind[] = ["passport", ...CHECKSUMMED, "phone", "email", "name"];

/** `size` short texts (two to five sentences each), the same for the same seed. */
export function generateSet(size: number, seed = 14): Sample[] {
  const rng = mulberry32(seed);
  return Array.from({ length: size }, () => {
    const pieces: Piece[] = [];
    const count = between(rng, 2, 5);
    for (let i = 0; i < count; i++) {
      const roll = rng();
      if (roll < 0.55) pieces.push(validPiece(rng, pick(rng, ALL_KINDS)));
      else if (roll < 0.7) pieces.push(invalidPiece(rng));
      else if (roll < 0.9) pieces.push(piece("", pick(rng, LOOK_ALIKES)(rng), ""));
      else pieces.push(piece("", pick(rng, FILLERS), ""));
    }
    let text = "";
    const truth: Truth[] = [];
    for (const p of pieces) {
      const sentence = p.text[0].toUpperCase() + p.text.slice(1);
      const lead = text ? " " : "";
      if (p.kind)
        truth.push({
          kind: p.kind,
          start: text.length + lead.length + p.start,
          end: text.length + lead.length + p.end,
        });
      text += lead + sentence + (/[.!?]$/.test(sentence) ? "" : ".");
    }
    return { text, truth };
  });
}

export interface KindScore {
  kind: PrivateKind;
  truths: number;
  found: number;
  correct: number;
  precision: number;
  recall: number;
}

/** Precision and recall per kind: a find is correct when its kind and span are exactly the truth's. */
export function score(samples: Sample[], detect: (text: string) => Found[]): KindScore[] {
  const tally = new Map(ALL_KINDS.map((k) => [k, { truths: 0, found: 0, correct: 0 }]));
  for (const sample of samples) {
    const found = detect(sample.text);
    const truthKeys = new Set(sample.truth.map((t) => `${t.kind}:${t.start}:${t.end}`));
    for (const t of sample.truth) tally.get(t.kind)!.truths++;
    for (const f of found) {
      const row = tally.get(f.kind)!;
      row.found++;
      if (truthKeys.has(`${f.kind}:${f.start}:${f.end}`)) row.correct++;
    }
  }
  return ALL_KINDS.map((kind) => {
    const { truths, found, correct } = tally.get(kind)!;
    return {
      kind,
      truths,
      found,
      correct,
      precision: found ? correct / found : 1,
      recall: truths ? correct / truths : 1,
    };
  });
}

/** The goals of issue 14: recall ≥ 0.99 for checksummed kinds, ≥ 0.9 for names (and the rest), precision ≥ 0.95. */
export const recallGoal = (kind: PrivateKind) => (CHECKSUMMED.includes(kind) ? 0.99 : 0.9);
export const PRECISION_GOAL = 0.95;

/** The scores as a Markdown table. */
export function scoreTable(scores: KindScore[]): string {
  const rows = scores.map(
    (s) =>
      `| ${s.kind} | ${s.truths} | ${s.found} | ${s.correct} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} ` +
      `| ${recallGoal(s.kind)} |`,
  );
  return [
    "| kind | in the set | found | correct | precision | recall | recall goal |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
