// The acts people cite and the names they cite them by (docs/law.md "Finding citations"). `short` is the
// library's canonical name; the finder maps every alias here onto it. An act missing here still comes back
// from the finder, under its name as written, so the library can answer «act not in the library».

export interface Act {
  /** The canonical short name: «ГК РФ», «218-ФЗ», «Закон о защите прав потребителей». */
  short: string;
  /** Abbreviations written before «РФ» or alone after an article: «ГК», «КоАП». */
  abbreviations?: string[];
  /** The full name's words as a regular expression's source, any case and any declension. */
  name?: string;
  /** The law's number as written in its name: «218-ФЗ», «2300-1». */
  number?: string;
  /** The law's title without «О»/«Об», lower case: «защите прав потребителей». */
  title?: string;
  /** Shorter titles people use: «банкротстве» for «О несостоятельности (банкротстве)», «ОСАГО». */
  titles?: string[];
  /** Other short names people use for the law: «ЗоЗПП». */
  nicknames?: string[];
}

const W = "\\p{L}*";
const code = (...stems: string[]) => `${stems.map((stem) => `${stem}${W}`).join("\\s+")}\\s+кодекс${W}`;

export const ACTS: Act[] = [
  { short: "Конституция РФ", name: "конституци(?:я|и|ей|ю)" },
  { short: "ГК РФ", abbreviations: ["ГК"], name: code("гражданск") },
  { short: "ГПК РФ", abbreviations: ["ГПК"], name: code("гражданск", "процессуальн") },
  { short: "АПК РФ", abbreviations: ["АПК"], name: code("арбитражн", "процессуальн") },
  { short: "НК РФ", abbreviations: ["НК"], name: code("налогов") },
  { short: "ТК РФ", abbreviations: ["ТК"], name: code("трудов") },
  { short: "СК РФ", abbreviations: ["СК"], name: code("семейн") },
  { short: "ЖК РФ", abbreviations: ["ЖК"], name: code("жилищн") },
  { short: "УК РФ", abbreviations: ["УК"], name: code("уголовн") },
  { short: "УПК РФ", abbreviations: ["УПК"], name: code("уголовно-процессуальн") },
  { short: "УИК РФ", abbreviations: ["УИК"], name: code("уголовно-исполнительн") },
  {
    short: "КоАП РФ",
    abbreviations: ["КоАП"],
    name: `кодекс${W}\\s+(?:российской\\s+федерации\\s+|рф\\s+)?об\\s+административных\\s+правонарушениях`,
  },
  { short: "КАС РФ", abbreviations: ["КАС"], name: `кодекс${W}\\s+административного\\s+судопроизводства` },
  { short: "ЗК РФ", abbreviations: ["ЗК"], name: code("земельн") },
  { short: "БК РФ", abbreviations: ["БК"], name: code("бюджетн") },
  { short: "ГрК РФ", abbreviations: ["ГрК"], name: code("градостроительн") },
  { short: "ЛК РФ", abbreviations: ["ЛК"], name: code("лесн") },
  { short: "ВК РФ", abbreviations: ["ВК"], name: code("водн") },
  { short: "ВзК РФ", abbreviations: ["ВзК"], name: code("воздушн") },
  {
    short: "Закон о защите прав потребителей",
    number: "2300-1",
    title: "защите прав потребителей",
    nicknames: ["ЗоЗПП", "ЗЗПП", "Закон о ЗПП"],
  },
  {
    short: "Закон о приватизации жилищного фонда",
    number: "1541-1",
    title: "приватизации жилищного фонда в российской федерации",
    titles: ["приватизации жилищного фонда"],
  },
  { short: "218-ФЗ", number: "218-ФЗ", title: "государственной регистрации недвижимости" },
  { short: "152-ФЗ", number: "152-ФЗ", title: "персональных данных" },
  { short: "214-ФЗ", number: "214-ФЗ", title: "участии в долевом строительстве" },
  { short: "102-ФЗ", number: "102-ФЗ", title: "ипотеке (залоге недвижимости)" },
  { short: "127-ФЗ", number: "127-ФЗ", title: "несостоятельности (банкротстве)", titles: ["банкротстве"] },
  { short: "229-ФЗ", number: "229-ФЗ", title: "исполнительном производстве" },
  { short: "353-ФЗ", number: "353-ФЗ", title: "потребительском кредите (займе)" },
  {
    short: "40-ФЗ",
    number: "40-ФЗ",
    title: "обязательном страховании гражданской ответственности владельцев транспортных средств",
    titles: ["осаго"],
  },
  { short: "14-ФЗ", number: "14-ФЗ", title: "обществах с ограниченной ответственностью", titles: ["ооо"] },
  { short: "208-ФЗ", number: "208-ФЗ", title: "акционерных обществах", titles: ["ао"] },
  { short: "59-ФЗ", number: "59-ФЗ", title: "порядке рассмотрения обращений граждан российской федерации" },
  { short: "63-ФЗ", number: "63-ФЗ", title: "электронной подписи" },
  { short: "149-ФЗ", number: "149-ФЗ", title: "информации, информационных технологиях и о защите информации" },
  { short: "38-ФЗ", number: "38-ФЗ", title: "рекламе" },
  {
    short: "44-ФЗ",
    number: "44-ФЗ",
    title:
      "контрактной системе в сфере закупок товаров, работ, услуг для обеспечения государственных и муниципальных нужд",
  },
  {
    short: "115-ФЗ",
    number: "115-ФЗ",
    title: "противодействии легализации (отмыванию) доходов, полученных преступным путем, и финансированию терроризма",
  },
  {
    short: "230-ФЗ",
    number: "230-ФЗ",
    title:
      "защите прав и законных интересов физических лиц при осуществлении деятельности по возврату просроченной задолженности",
  },
  { short: "4015-1", number: "4015-1", title: "организации страхового дела в российской федерации" },
];

/** The act of an abbreviation («ГК»), or undefined. */
export function actByAbbreviation(abbreviation: string): Act | undefined {
  return ACTS.find((act) => act.abbreviations?.includes(abbreviation));
}

/** The act of a law's number («218-ФЗ», «2300-1»; «2300-I» too), or undefined. */
export function actByNumber(number: string): Act | undefined {
  const normal = normalNumber(number);
  return ACTS.find((act) => act.number === normal);
}

/** The act of a law's title (with or without «О»/«Об» and a closing parenthesis, any case and quotes), or undefined. */
export function actByTitle(title: string): Act | undefined {
  const normal = normalTitle(title);
  const short = normal.replace(/\s*\(.*\)$/, "");
  return ACTS.find(
    (act) => act.title === normal || act.title?.replace(/\s*\(.*\)$/, "") === short || act.titles?.includes(normal),
  );
}

/** A law's number as the table writes it: «218-фз» → «218-ФЗ», «2300-I» → «2300-1». */
export function normalNumber(number: string): string {
  return number.toUpperCase().replace(/\s+/g, "").replace(/-I$/, "-1");
}

/** A title in lower case without «О»/«Об», quotes and extra spaces, ё as е. */
export function normalTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[«»"“”„]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^об?\s+/, "");
}
