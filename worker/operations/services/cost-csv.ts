import type { CostRow } from "../schemas";

// The cost statistics for the accountant (docs/operations.md "Costs"): the rows as CSV that Excel
// with Russian settings opens as they are: UTF-8 with a byte-order mark (else Excel reads the
// Cyrillic as cp1251), ";" between cells and a decimal comma (the list separator and the decimal
// sign of the Russian locale; with "," Excel puts each line into one cell).

const COLUMNS: [keyof CostRow, string][] = [
  ["date", "Дата"],
  ["assistant_type", "Режим"],
  ["model", "Модель"],
  ["plan", "Пакет"],
  ["requests_sold", "Продано запросов"],
  ["requests_used", "Использовано запросов"],
  ["model_cost", "Стоимость модели, ₽"],
  ["revenue", "Выручка, ₽"],
  ["margin", "Маржа, ₽"],
  ["context_cut", "Контекст обрезан"],
  ["output_limited", "Ответ упёрся в лимит"],
  ["input_tokens", "Токены запроса"],
  ["cached_tokens", "Из них из кэша"],
  ["output_tokens", "Токены ответа"],
  ["audio_seconds", "Секунды аудио"],
  ["estimated", "Токены оценены"],
  ["unpriced", "Без цены"],
];

const cell = (value: string | number | null) => {
  if (value === null) return "";
  const text = typeof value === "number" ? String(value).replace(".", ",") : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The rows as CSV: the BOM, a header line of Russian names, a line per row, CRLF line ends (RFC 4180). */
export function costsCsv(rows: CostRow[]): string {
  const lines = [COLUMNS.map(([, title]) => title), ...rows.map((row) => COLUMNS.map(([key]) => row[key]))];
  return `\uFEFF${lines.map((line) => line.map(cell).join(";")).join("\r\n")}\r\n`;
}
