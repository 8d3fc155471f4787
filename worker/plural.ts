// Russian word forms for a count, by the language's own rules (CLDR through Intl, in workerd and
// in every browser), for the Worker and the web app alike.

const russian = new Intl.PluralRules("ru-RU");

/**
 * The form of a word for a count: `forms` are for 1, 2–4 and 5+ («запрос», «запроса», «запросов»);
 * 11–14 take the last, 21 the first. A fraction takes the second, as «1,5 запроса».
 */
export function plural(count: number, [one, few, many]: readonly [string, string, string]): string {
  switch (russian.select(count)) {
    case "one":
      return one;
    case "many":
      return many;
    default:
      return few;
  }
}
