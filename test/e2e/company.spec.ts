import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { acceptDisclaimers, registerUser, signIn } from "./pages/registered-user";
import { adminApi } from "./pages/subscription";

// docs/operations.md "Companies" in the real app: an owner invites a colleague on /company, the
// colleague accepts in the bell and then sends from the company's pool.

test("an owner invites a colleague who accepts in the bell, then sends from the company's pool", async ({
  page,
  browser,
  request,
}) => {
  const owner = await registerUser(request, "Ольга");
  const colleague = await registerUser(request, "Иван");
  await acceptDisclaimers(request, colleague);
  const created = await request.post("/api/v2/companies/", {
    headers: { "jwt-token": owner.record.access_token },
    data: { name: "Ромашка" },
  });
  expect(created.status()).toBe(201);
  const company = (await created.json()) as { id: number };
  await (await adminApi(request)).grantCompany(company.id, 20);

  // The owner invites on /company.
  await signIn(page, owner);
  await page.goto("/company");
  await expect(page.getByRole("heading", { name: "Компания «Ромашка»" })).toBeVisible();
  await expect(page.getByTestId("page-company").getByTestId("limit-card")).toContainText("Доступные запросы: 20 из 20");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(colleague.email);
  await page.getByRole("textbox", { name: "Лимит", exact: true }).fill("5");
  await page.getByRole("button", { name: "Пригласить" }).click();
  await expect(page.getByText(`Приглашение отправлено: ${colleague.email}`)).toBeVisible();
  await expect(page.getByTestId("company-invitation")).toContainText(colleague.email);

  // The colleague accepts in the bell; the balance then says the requests come from the company.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, colleague);
  const chat = new ChatPage(other);
  await chat.startNewChat("gpt");
  await expect(other.getByTestId("notification-count")).toHaveText("1");
  await other.getByRole("button", { name: /уведомлен/i }).click();
  const invitation = other.getByTestId("bell-invitation");
  await expect(invitation).toContainText("Ольга приглашает вас в компанию «Ромашка»");
  await invitation.getByRole("button", { name: "Принять" }).click();
  await expect(other.getByText("Готово: вы сотрудник компании «Ромашка».")).toBeVisible();
  await other.keyboard.press("Escape");
  await expect(other.getByTestId("balance-chip")).toContainText("Осталось 5 запросов · от компании «Ромашка»");

  // A send takes from the pool: the allowance's count goes down, the company sees the use.
  await chat.ask("Вопрос за счёт компании");
  await expect(chat.assistantMessages.last()).toContainText("Настоящие ответы появятся", { timeout: 30_000 });
  await expect(other.getByTestId("balance-chip")).toContainText("Осталось 4 запроса · от компании «Ромашка»");
  await page.reload();
  await expect(page.getByTestId("company-member").filter({ hasText: colleague.email })).toContainText(
    "израсходовано 1",
  );
  await expect(page.getByTestId("page-company").getByTestId("limit-card")).toContainText("Доступные запросы: 19 из 20");
  await context.close();
});
