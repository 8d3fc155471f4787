// The official source of an act (docs/law.md "What the user sees"). The official portal of legal information
// (pravo.gov.ru) has no address per act that can be made from its name, so the link is a search restricted to
// the portal, by the act's full title when the library has it: its first results are the act's own pages there.

const SEARCH = "https://yandex.ru/search/?text=";

/** Where the user finds the act in the official publication. */
export function officialSource(act: string, title?: string | null): string {
  return `${SEARCH}${encodeURIComponent(`site:pravo.gov.ru ${title ?? act}`)}`;
}
