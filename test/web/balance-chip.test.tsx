import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useSettings } from "../../web/src/features/account/settings-store";
import { BalanceChip, balanceOf } from "../../web/src/features/billing/BalanceChip";
import { type LimitRow, outOfRequests } from "../../web/src/features/billing/limits-queries";
import { fakeChatApi, json, limits } from "./chat-fakes";
import { resetStores, signIn } from "./chat-render";
import { Providers } from "./providers";

// docs/billing.md "Balance": the requests left, in Russian, amber when few, the plans one click away.

const row = (extra: Partial<LimitRow>): LimitRow => ({
  id: 1,
  requests: 10,
  available_requests: 0,
  is_unlimited: false,
  date_expire: null,
  source: "subscription",
  name: null,
  ...extra,
});

beforeEach(() => {
  resetStores();
  signIn();
  useSettings.setState({ open: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("says the count with the right word and verb", () => {
  const say = (n: number) => balanceOf(limits(n)).text;
  expect(say(1)).toBe("Остался 1 запрос");
  expect(say(3)).toBe("Осталось 3 запроса");
  expect(say(7)).toBe("Осталось 7 запросов");
  expect(say(11)).toBe("Осталось 11 запросов");
  expect(say(21)).toBe("Остался 21 запрос");
  expect(say(112)).toBe("Осталось 112 запросов");
  expect(say(0)).toBe("Запросы закончились");
});

it("is amber at 3 or fewer, red at none, plain above", () => {
  expect(balanceOf(limits(4)).tone).toBe("normal");
  expect(balanceOf(limits(3)).tone).toBe("low");
  expect(balanceOf(limits(0)).tone).toBe("out");
});

it("names the last day of an unlimited pack", () => {
  const unlimited = {
    available_requests: 0,
    is_unlimited: true,
    limits: [row({ is_unlimited: true, date_expire: "2026-12-12T21:00:00.000Z" })],
    pool: null,
  };
  expect(balanceOf(unlimited).text).toBe("Безлимит до 12.12.2026");
  expect(balanceOf({ ...unlimited, limits: [row({ is_unlimited: true })] }).text).toBe("Безлимит");
});

it("says when the requests come from the company's pool, which is spent first", () => {
  const pool = { company_id: 3, company_name: "Ромашка", available_requests: 40, is_unlimited: false };
  expect(balanceOf({ ...limits(0), pool })).toEqual({
    text: "Осталось 40 запросов · от компании «Ромашка»",
    tone: "normal",
  });
  expect(balanceOf({ ...limits(0), pool: { ...pool, available_requests: 2 } }).tone).toBe("low");
  expect(outOfRequests({ ...limits(0), pool })).toBe(false);
  expect(outOfRequests({ ...limits(0), pool: { ...pool, available_requests: 0 } })).toBe(true);
});

it("few left: «Пополнить» opens the plans to buy", async () => {
  fakeChatApi({ "GET /limits": () => json(limits(2)) });
  render(
    <Providers>
      <BalanceChip />
    </Providers>,
  );
  expect((await screen.findByTestId("balance-text")).textContent).toBe("Осталось 2 запроса");
  expect(screen.getByTestId("balance-chip").dataset.tone).toBe("low");
  fireEvent.click(screen.getByRole("button", { name: "Пополнить" }));
  expect(useSettings.getState()).toMatchObject({ open: true, tab: "subscription", view: "available" });
});
