import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findPrivate, hiddenSummary } from "../../web/src/features/privacy/find-private";
import { FIND_PAUSE_MS } from "../../web/src/features/privacy/PrivacyNotice";
import { MaskedNote } from "../../web/src/features/privacy/MaskedNote";
import { fakeChatApi, json, limits, message, replyStream } from "./chat-fakes";
import { disclaimersSettled, renderChat, resetStores, signIn } from "./chat-render";
import { Providers } from "./providers";

// docs/privacy.md "What the user sees": the composer's notice, its switches, the note in history.

const QUESTION = "Мой паспорт 4506 123456, телефоны +7 916 123-45-67 и 8 (495) 123-45-67. Можно ли вернуть товар?";
const textbox = () => screen.getByRole("textbox", { name: "Сообщение" }) as HTMLTextAreaElement;
const summary = () => screen.findByTestId("privacy-summary");

/** The Worker for a new law chat with the guard `enabled` in it; the reply stream is held by the test. */
function server(enabled = true) {
  const reply = replyStream();
  const api = fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () =>
      json([{ assistant_type: "explain_law", title: "Юрист", description: "Право", model: "default" }]),
    "GET /privacy/settings": () =>
      json([
        { assistant_type: "explain_law", enabled },
        { assistant_type: "gpt", enabled: true },
      ]),
    "POST /topics/start/stream": () => reply.response(),
  });
  return { ...api, reply };
}

beforeEach(() => {
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("what the detector finds in the browser", () => {
  it("each different value once, with the key keep_as_is carries; the summary in Russian plurals", () => {
    const items = findPrivate(`${QUESTION} Повторю: +7 (916) 123-45-67.`);
    expect(items.map((i) => [i.kind, i.key, i.value])).toEqual([
      ["passport", "passport:4506123456", "4506 123456"],
      ["phone", "phone:79161234567", "+7 916 123-45-67"],
      ["phone", "phone:74951234567", "8 (495) 123-45-67"],
    ]);
    expect(hiddenSummary(items)).toBe("паспорт, 2 телефона");
    expect(hiddenSummary(items.slice(0, 2))).toBe("паспорт, телефон");
    expect(hiddenSummary([])).toBe("");
  });
});

describe("the composer's notice", () => {
  it("says what will be hidden once typing pauses, and nothing for a text without personal data", async () => {
    server();
    renderChat("/chat");
    fireEvent.change(textbox(), { target: { value: "Можно ли вернуть товар?" } });
    fireEvent.change(textbox(), { target: { value: QUESTION } });
    expect((await summary()).textContent).toBe("Скроем от модели: паспорт, 2 телефона");
    fireEvent.change(textbox(), { target: { value: "Можно ли вернуть товар?" } });
    await waitFor(() => expect(screen.queryByTestId("privacy-notice")).toBeNull());
  });

  it(
    "a switch sends that value as is: the notice counts it out and the send carries its key in " + "keep_as_is",
    async () => {
      const api = server();
      renderChat("/chat");
      await disclaimersSettled();
      fireEvent.change(textbox(), { target: { value: QUESTION } });
      await summary();
      fireEvent.click(screen.getByRole("button", { name: "Что скроем" }));
      const list = await screen.findByTestId("privacy-items");
      const keep = within(list).getByRole("switch", { name: "Отправить как есть: Телефон +7 916 123-45-67" });
      expect(keep.getAttribute("aria-checked")).toBe("false");
      fireEvent.click(keep);
      expect(keep.getAttribute("aria-checked")).toBe("true");
      expect((await summary()).textContent).toBe("Скроем от модели: паспорт, телефон");

      fireEvent.click(screen.getByRole("button", { name: "Отправить" }));
      await waitFor(() => expect(api.callsTo("POST", "/topics/start/stream")).toHaveLength(1));
      expect(api.callsTo("POST", "/topics/start/stream")[0]!.body).toEqual({
        message: { text: QUESTION, attachments: [], keep_as_is: ["phone:79161234567"] },
        assistant_type: "explain_law",
      });
      // The box is empty and the notice gone with the text.
      expect(screen.queryByTestId("privacy-notice")).toBeNull();
    },
  );

  it("nothing kept: the send has no keep_as_is", async () => {
    const api = server();
    renderChat("/chat");
    await disclaimersSettled();
    fireEvent.change(textbox(), { target: { value: QUESTION } });
    await summary();
    fireEvent.click(screen.getByRole("button", { name: "Отправить" }));
    await waitFor(() => expect(api.callsTo("POST", "/topics/start/stream")).toHaveLength(1));
    expect(api.callsTo("POST", "/topics/start/stream")[0]!.body).toEqual({
      message: { text: QUESTION, attachments: [] },
      assistant_type: "explain_law",
    });
  });

  it("is not shown in a mode where the user turned the guard off", async () => {
    const api = server(false);
    // Loaded ahead, so the wait below is the pause's alone.
    await import("../../web/src/features/privacy/PrivacyNotice");
    renderChat("/chat");
    await waitFor(() => expect(api.callsTo("GET", "/privacy/settings")).toHaveLength(1));
    fireEvent.change(textbox(), { target: { value: QUESTION } });
    // Twice the pause before the text is read.
    await new Promise((resolve) => setTimeout(resolve, 2 * FIND_PAUSE_MS));
    expect(screen.queryByTestId("privacy-notice")).toBeNull();
  });
});

describe("a question in history", () => {
  it("carries a quiet note of what was hidden", () => {
    render(
      <Providers>
        <MaskedNote
          masked={[
            { kind: "passport", count: 1 },
            { kind: "card", count: 1 },
            { kind: "phone", count: 5 },
          ]}
        />
      </Providers>,
    );
    expect(screen.getByTestId("message-masked").textContent).toBe("Скрыли от модели: паспорт, карту, 5 телефонов");
  });

  it("shows the note under the bubble of a stored question with masked, none without", async () => {
    fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /privacy/settings": () => json([{ assistant_type: "explain_law", enabled: true }]),
      "GET /topics/:id/history": () =>
        json([
          message(1, "user", "Паспорт 4506 123456", { masked: [{ kind: "passport", count: 1 }] }),
          message(2, "assistant", "Ответ про 4506 123456", { masked: [] }),
          message(3, "user", "Ещё вопрос", { masked: [] }),
        ]),
      "GET /topics/:id/stream": () => new Response(null, { status: 204 }),
    });
    renderChat("/chat/7");
    const [first, second] = await screen.findAllByTestId("message-user");
    expect(within(first!).getByTestId("message-masked").textContent).toBe("Скрыли от модели: паспорт");
    expect(within(second!).queryByTestId("message-masked")).toBeNull();
    expect(screen.getAllByTestId("message-masked")).toHaveLength(1);
  });
});
