import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expiryText } from "../../web/src/features/share/ShareLinkPanel";
import { fakeChatApi } from "./chat-fakes";
import { renderMainLayout, resetSidebar, signIn, stubViewport, topic } from "./sidebar-render";

// The share dialog's lifetime and «Показать скрытые персональные данные» (docs/privacy.md "Sharing").

const json = (data: unknown, status = 200) => Response.json(data, { status });
const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }).format(new Date());
const moment = (iso: string) =>
  new Intl.DateTimeFormat("ru-RU", { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));

/**
 * The Worker with topic 1 listed as `listed`, `GET /topics/1` answering `own`, and the share route answering `link`.
 */
function server(listed: object, own: object, link: (body: unknown) => object) {
  return fakeChatApi({
    "GET /topics/active/all": () => json([{ date: today(), topics: [topic(1, listed)] }]),
    "GET /folders/explain_law": () => json([]),
    "GET /products": () =>
      json([{ assistant_type: "explain_law", title: "Юрист", description: "Право", model: "demo" }]),
    "GET /topics/:id": () => json(topic(1, own)),
    "POST /topics/:id/share": (call) => json(link(call.body)),
  });
}

async function openDialog() {
  renderMainLayout("/");
  fireEvent.click(await screen.findByRole("button", { name: "Действия с чатом: Вопрос 1" }), { clientY: 90 });
  fireEvent.click(await screen.findByRole("menuitem", { name: "Поделиться" }));
  return screen.findByRole("dialog", { name: "Поделиться чатом" });
}

beforeEach(() => {
  localStorage.clear();
  resetSidebar();
  signIn();
  stubViewport(1280);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("when a link stops working", () => {
  it("never, a moment in Russian, or already past", () => {
    const now = Date.parse("2026-06-01T12:00:00Z");
    expect(expiryText({ expires_at: null }, now)).toBe("Ссылка работает бессрочно.");
    expect(expiryText({ expires_at: "2026-06-08T12:00:00.000Z" }, now)).toBe(
      `Ссылка работает до ${moment("2026-06-08T12:00:00.000Z")}.`,
    );
    expect(moment("2026-06-08T12:00:00.000Z")).toMatch(/^8 июня 2026 г\. в \d\d:00$/);
    expect(expiryText({ expires_at: "2026-06-01T11:59:59.000Z" }, now)).toBe(
      "Срок ссылки истёк: по ней чат больше не открывается. Выберите новый срок.",
    );
  });
});

describe("the share dialog", () => {
  it("a new link of a law chat ends in 7 days unless the owner picks otherwise", async () => {
    const api = server({}, {}, () => ({ hash: "h4sh", expires_at: "2099-12-03T11:05:00.000Z", reveal: false }));
    const dialog = await openDialog();
    expect((await within(dialog).findByRole("radio", { name: "7 дней" })).getAttribute("aria-checked")).toBe("true");
    expect(within(dialog).getByRole("radio", { name: "Бессрочно" }).getAttribute("aria-checked")).toBe("false");
    fireEvent.click(within(dialog).getByRole("button", { name: "Создать ссылку" }));
    await within(dialog).findByTestId("share-link");
    expect(api.callsTo("POST", "/topics/1/share").map((c) => c.body)).toEqual([{ expires_in: "7d", reveal: false }]);
  });

  it("a new link of another mode's chat never ends unless the owner picks a lifetime", async () => {
    const gpt = { assistant_type: "gpt" };
    const api = server(gpt, gpt, () => ({ hash: "h4sh", expires_at: null, reveal: false }));
    const dialog = await openDialog();
    expect((await within(dialog).findByRole("radio", { name: "Бессрочно" })).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Создать ссылку" }));
    await within(dialog).findByTestId("share-link");
    expect(api.callsTo("POST", "/topics/1/share").map((c) => c.body)).toEqual([{ expires_in: "never", reveal: false }]);
  });

  it("a new link takes the lifetime and the reveal picked, and says when it ends", async () => {
    const api = server({}, {}, () => ({ hash: "h4sh", expires_at: "2099-12-03T11:05:00.000Z", reveal: true }));
    const dialog = await openDialog();
    expect((await within(dialog).findByRole("radio", { name: "7 дней" })).getAttribute("aria-checked")).toBe("true");
    const reveal = within(dialog).getByRole("checkbox", { name: "Показать скрытые персональные данные" });
    expect(reveal.getAttribute("aria-checked")).toBe("false");
    expect(within(dialog).getByTestId("share-reveal-note").textContent).toMatch(/подстановки/);
    fireEvent.click(within(dialog).getByRole("radio", { name: "30 дней" }));
    fireEvent.click(reveal);
    expect(within(dialog).getByTestId("share-reveal-note").textContent).toBe(
      "Читатели увидят паспорта, телефоны и другие данные, которые были скрыты от модели.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Создать ссылку" }));
    expect(((await within(dialog).findByTestId("share-link")) as HTMLInputElement).value).toBe(
      `${window.location.origin}/share/h4sh`,
    );
    expect(within(dialog).getByTestId("share-expiry").textContent).toBe(
      `Ссылка работает до ${moment("2099-12-03T11:05:00.000Z")}.`,
    );
    expect(api.callsTo("POST", "/topics/1/share").map((c) => c.body)).toEqual([{ expires_in: "30d", reveal: true }]);
  });

  it("an existing link: its settings are read on opening, and each change is sent alone", async () => {
    let current = { hash: "h4sh", expires_at: null as string | null, reveal: false };
    const api = server({ share_hash: "h4sh" }, { share_hash: "h4sh" }, (body) => {
      const { expires_in, reveal } = body as { expires_in?: string; reveal?: boolean };
      if (expires_in === "1d") current = { ...current, expires_at: "2099-01-02T09:00:00.000Z" };
      if (reveal !== undefined) current = { ...current, reveal };
      return current;
    });
    const dialog = await openDialog();
    expect((await within(dialog).findByTestId("share-expiry")).textContent).toBe("Ссылка работает бессрочно.");
    expect(api.callsTo("GET", "/topics/1")).toHaveLength(1);
    expect(api.callsTo("POST", "/topics/1/share").map((c) => c.body)).toEqual([{}]);

    fireEvent.click(within(dialog).getByRole("radio", { name: "1 день" }));
    await waitFor(() =>
      expect(within(dialog).getByTestId("share-expiry").textContent).toBe(
        `Ссылка работает до ${moment("2099-01-02T09:00:00.000Z")}.`,
      ),
    );
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Показать скрытые персональные данные" }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole("checkbox", { name: "Показать скрытые персональные данные" })
          .getAttribute("aria-checked"),
      ).toBe("true"),
    );
    expect(api.callsTo("POST", "/topics/1/share").map((c) => c.body)).toEqual([
      {},
      { expires_in: "1d" },
      { reveal: true },
    ]);
  });

  it("a link switched off elsewhere is not made again by opening the dialog", async () => {
    const api = server({ share_hash: "h4sh" }, { share_hash: null }, () => ({
      hash: "new",
      expires_at: null,
      reveal: false,
    }));
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText("Ссылки пока нет. Создайте её, чтобы отправить чат другому человеку."),
    ).toBeTruthy();
    expect(within(dialog).queryByTestId("share-link")).toBeNull();
    expect(api.callsTo("POST", "/topics/1/share")).toHaveLength(0);
  });
});
