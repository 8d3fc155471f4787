import { html, raw } from "hono/html";
import { formatRubles } from "./money";

export const CHECKOUT_TEXTS = {
  title: "Тестовая оплата — «Ясно»",
  heading: "Тестовая оплата",
  note: "Это песочница платёжной системы: деньги не списываются. Выберите, чем закончится платёж.",
  plan: "Тариф",
  amount: "К оплате",
  pay: "Оплатить",
  cancel: "Отменить",
  back: "Вернуться в «Ясно»",
  succeeded: "Платёж уже оплачен.",
  canceled: "Платёж отменён.",
  refunded: "Платёж возвращён.",
} as const;

type Page = {
  planName: string;
  amountKopecks: number;
  /** The sandbox's own status of the payment: only a pending one can still be paid or canceled. */
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled" | "refunded";
  /** Where the form posts (this page's own path). */
  action: string;
  returnUrl: string;
};

const style = `
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f7; color: #1c2024;
         font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 28px;
         box-shadow: 0 4px 24px rgba(0, 0, 0, .08); }
  h1 { font-size: 22px; margin: 0 0 8px; }
  .note { color: #60646c; font-size: 14px; margin: 0 0 20px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0 0 24px; }
  dt { color: #60646c; } dd { margin: 0; font-weight: 600; }
  form { display: flex; gap: 12px; }
  button, a.button { flex: 1; font: inherit; padding: 10px 16px; border-radius: 8px; border: 1px solid #d0d3d9;
         background: #fff; cursor: pointer; text-align: center; text-decoration: none; color: inherit; }
  button[value=pay] { background: #3e63dd; border-color: #3e63dd; color: #fff; font-weight: 600; }
  .status { font-weight: 600; margin: 0 0 20px; }
`;

/** The sandbox's checkout page: plan, amount, and the payer's two choices (or how it ended). */
export function checkoutPage(page: Page) {
  const open = page.status === "pending" || page.status === "waiting_for_capture";
  const ended =
    page.status === "succeeded"
      ? CHECKOUT_TEXTS.succeeded
      : page.status === "refunded"
        ? CHECKOUT_TEXTS.refunded
        : CHECKOUT_TEXTS.canceled;
  return html`<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${CHECKOUT_TEXTS.title}</title>
    <style>
      ${raw(style)}
    </style>
  </head>
  <body>
    <main>
      <h1>${CHECKOUT_TEXTS.heading}</h1>
      <p class="note">${CHECKOUT_TEXTS.note}</p>
      <dl>
        <dt>${CHECKOUT_TEXTS.plan}</dt>
        <dd data-testid="sandbox-plan">${page.planName}</dd>
        <dt>${CHECKOUT_TEXTS.amount}</dt>
        <dd data-testid="sandbox-amount">${formatRubles(page.amountKopecks)}</dd>
      </dl>
      ${
        open
          ? html`<form method="post" action="${page.action}">
            <button type="submit" name="action" value="pay">${CHECKOUT_TEXTS.pay}</button>
            <button type="submit" name="action" value="cancel">${CHECKOUT_TEXTS.cancel}</button>
          </form>`
          : html`<p class="status" data-testid="sandbox-status">${ended}</p>
            <a class="button" href="${page.returnUrl}">${CHECKOUT_TEXTS.back}</a>`
      }
    </main>
  </body>
</html>`;
}
