import { html, raw } from "hono/html";
import { formatRubles } from "./money";
import type { Receipt } from "./types";

// The sandbox's receipt: what YooKassa's fiscal receipt would say, so the local checkout shows
// the whole paying path (docs/payments.md "Receipts"). It is not a fiscal document and says so.

const VAT: Record<number, string> = {
  1: "Без НДС",
  2: "НДС 0%",
  3: "НДС 10%",
  4: "НДС 20%",
  5: "НДС 10/110",
  6: "НДС 20/120",
};

export const RECEIPT_TEXTS = {
  title: "Чек об оплате — «Ясно»",
  heading: "Кассовый чек · приход",
  note:
    "Песочница: так выглядит чек, который платёжная система отправляет покупателю по 54-ФЗ. Это не фискальный " +
    "документ.",
  item: "Предмет расчёта",
  quantity: "Количество",
  total: "Итого",
  vat: "НДС",
  subject: "Признак предмета расчёта",
  mode: "Способ расчёта",
  email: "Чек отправлен на",
  date: "Дата",
  service: "услуга",
  fullPayment: "полный расчёт",
} as const;

const style = `
  body { margin: 0; background: #f4f5f7; color: #1c2024; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(460px, calc(100vw - 32px)); margin: 32px auto; background: #fff; border-radius: 12px; padding: 28px;
         box-shadow: 0 4px 24px rgba(0, 0, 0, .08); }
  h1 { font-size: 20px; margin: 0 0 8px; }
  .note { color: #60646c; font-size: 13px; margin: 0 0 20px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0; }
  dt { color: #60646c; } dd { margin: 0; font-weight: 600; }
`;

export function receiptPage(page: { receipt: Receipt; amountKopecks: number; paidAt: number }) {
  const when = new Intl.DateTimeFormat("ru-RU", {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "Europe/Moscow",
  }).format(page.paidAt);
  return html`<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${RECEIPT_TEXTS.title}</title>
    <style>
      ${raw(style)}
    </style>
  </head>
  <body>
    <main>
      <h1>${RECEIPT_TEXTS.heading}</h1>
      <p class="note">${RECEIPT_TEXTS.note}</p>
      <dl>
        <dt>${RECEIPT_TEXTS.item}</dt>
        <dd data-testid="receipt-item">${page.receipt.item}</dd>
        <dt>${RECEIPT_TEXTS.quantity}</dt>
        <dd>1</dd>
        <dt>${RECEIPT_TEXTS.total}</dt>
        <dd data-testid="receipt-total">${formatRubles(page.amountKopecks)}</dd>
        <dt>${RECEIPT_TEXTS.vat}</dt>
        <dd data-testid="receipt-vat">${VAT[page.receipt.vatCode] ?? `код ${page.receipt.vatCode}`}</dd>
        <dt>${RECEIPT_TEXTS.subject}</dt>
        <dd>${RECEIPT_TEXTS.service}</dd>
        <dt>${RECEIPT_TEXTS.mode}</dt>
        <dd>${RECEIPT_TEXTS.fullPayment}</dd>
        <dt>${RECEIPT_TEXTS.email}</dt>
        <dd data-testid="receipt-email">${page.receipt.email}</dd>
        <dt>${RECEIPT_TEXTS.date}</dt>
        <dd>${when}</dd>
      </dl>
    </main>
  </body>
</html>`;
}
