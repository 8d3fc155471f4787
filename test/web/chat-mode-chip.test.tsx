import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useMode } from "../../web/src/features/modes/mode-store";
import { fakeChatApi, json, limits, replyStream } from "./chat-fakes";
import { disclaimersSettled, renderChat, resetStores, signIn } from "./chat-render";
import { stubViewport } from "./sidebar-render";

// docs/web.md "Mode chip": a new chat's mode can be changed by the composer, not only on Main.

const products = [
  { assistant_type: "explain_law", title: "Объясни закон", description: "", model: "demo" },
  { assistant_type: "explain_estate", title: "Недвижимость", description: "", model: "demo" },
];

beforeEach(() => {
  // Radix's menu measures itself: jsdom needs the observers a browser has.
  stubViewport(1280);
  resetStores();
  signIn();
  act(() => useMode.getState().setMode("explain_law"));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it(
  "shows the picked mode by a new chat's composer; another one picked there is the mode the chat starts " + "in",
  async () => {
    const reply = replyStream();
    const api = fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /products": () => json(products),
      "GET /topics/active/all": () => json([]),
      "GET /topics/active/estate": () => json([]),
      "POST /topics/start/stream": () => reply.response(),
      "GET /topics/:id/history": () => json([]),
    });
    renderChat("/chat");
    const chip = await screen.findByRole("button", { name: "Режим: Объясни закон. Сменить режим нового чата" });
    expect(document.title).toBe("Новый чат — Ясно");
    fireEvent.keyDown(chip, { key: "Enter" });
    fireEvent.click(await screen.findByRole("menuitemradio", { name: "Недвижимость" }));
    expect(useMode.getState().mode).toBe("explain_estate");
    expect(localStorage.getItem("yasno-model")).toBe("explain_estate");
    expect(await screen.findByRole("button", { name: "Режим: Недвижимость. Сменить режим нового чата" })).toBeTruthy();

    await disclaimersSettled();
    fireEvent.change(screen.getByRole("textbox", { name: "Сообщение" }), {
      target: { value: "Как проверить квартиру?" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Отправить" }));
    await waitFor(() => expect(api.callsTo("POST", "/topics/start/stream")).toHaveLength(1));
    expect((api.callsTo("POST", "/topics/start/stream")[0]!.body as { assistant_type: string }).assistant_type).toBe(
      "explain_estate",
    );
    reply.push("topic_id: 9\nОтвет");
    reply.close();
    // Once the chat has a topic, its mode is the topic's: the chip goes.
    await waitFor(() => expect(screen.queryByTestId("mode-chip")).toBeNull());
  },
);

it("is not there in an existing topic", async () => {
  fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json(products),
    "GET /topics/7/history": () => json([]),
    "GET /topics/7/stream": () => new Response(null, { status: 204 }),
  });
  renderChat("/chat/7");
  await screen.findByRole("textbox", { name: "Сообщение" });
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(screen.queryByTestId("mode-chip")).toBeNull();
  // Not in the sidebar's list (another filter): named plainly.
  expect(document.title).toBe("Чат — Ясно");
});
