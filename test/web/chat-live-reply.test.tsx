import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeChatApi, json, limits, message, replyStream } from "./chat-fakes";
import { renderChat, resetStores, signIn } from "./chat-render";

// docs/web.md "The chat's state": the history is the query cache's, the reply streaming in is the
// turn's, and the topic on screen is the URL's.

const renders = vi.hoisted(() => ({ list: 0, composer: 0 }));

vi.mock("../../web/src/features/chat/MessageList", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../web/src/features/chat/MessageList")>();
  return {
    ...actual,
    MessageList: (props: Parameters<typeof actual.MessageList>[0]) => {
      renders.list += 1;
      return createElement(actual.MessageList, props);
    },
  };
});
vi.mock("../../web/src/features/chat/Composer", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../web/src/features/chat/Composer")>();
  return {
    ...actual,
    Composer: (props: Parameters<typeof actual.Composer>[0]) => {
      renders.composer += 1;
      return createElement(actual.Composer, props);
    },
  };
});

const textbox = () => screen.getByRole("textbox", { name: "Сообщение" });
const streamingText = () => screen.queryByTestId("message-streaming")?.textContent?.trimEnd() ?? null;

const seventh = [message(1, "user", "Вопрос седьмого"), message(2, "assistant", "Ответ седьмого")];
const ninth = [message(3, "user", "Вопрос девятого"), message(4, "assistant", "Ответ девятого")];

function topics(reply: ReturnType<typeof replyStream>) {
  return fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json([]),
    "GET /disclaimers": () => json([]),
    "GET /topics/active/all": () => json([]),
    "GET /topics/7/history": () => json(seventh),
    "GET /topics/9/history": () => json(ninth),
    "GET /topics/:id/stream": () => new Response(null, { status: 204 }),
    "POST /topics/:id/message/stream": () => reply.response(),
  });
}

beforeEach(() => {
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a streaming reply", () => {
  it("a chunk renders the reply again, not the message list or the composer", async () => {
    const reply = replyStream();
    topics(reply);
    renderChat("/chat/7");
    await screen.findByText("Ответ седьмого");
    fireEvent.change(textbox(), { target: { value: "Ещё вопрос" } });
    fireEvent.keyDown(textbox(), { key: "Enter" });
    reply.push("Первый ");
    await waitFor(() => expect(streamingText()).toBe("Первый"));
    const before = { ...renders };
    expect(before.list).toBeGreaterThan(0);

    reply.push("второй ");
    await waitFor(() => expect(streamingText()).toBe("Первый второй"));
    reply.push("третий");
    await waitFor(() => expect(streamingText()).toBe("Первый второй третий"));
    expect(renders).toEqual(before);
  });
});

describe("a reply that ends", () => {
  it("gives way to the server's copy with no moment without it and none with it twice", async () => {
    const reply = replyStream();
    let history = seventh;
    fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /products": () => json([]),
      "GET /disclaimers": () => json([]),
      "GET /topics/active/all": () => json([]),
      "GET /topics/7/history": () => json(history),
      "GET /topics/7/stream": () => new Response(null, { status: 204 }),
      "POST /topics/7/message/stream": () => reply.response(),
    });
    renderChat("/chat/7");
    await screen.findByText("Ответ седьмого");
    const count = (testId: string, text: string) =>
      screen.queryAllByTestId(testId).filter((m) => m.textContent?.includes(text)).length;
    // What each committed render showed: the question, the reply (streaming or ended).
    const seen: [number, number][] = [];
    const look = () => {
      const replies = count("message-assistant", "Ещё ответ") + count("message-streaming", "Ещё ответ");
      seen.push([count("message-user", "Ещё вопрос"), replies]);
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });

    fireEvent.change(textbox(), { target: { value: "Ещё вопрос" } });
    fireEvent.keyDown(textbox(), { key: "Enter" });
    reply.push("Ещё ответ");
    await waitFor(() => expect(streamingText()).toBe("Ещё ответ"));
    history = [...seventh, message(5, "user", "Ещё вопрос"), message(6, "assistant", "Ещё ответ")];
    reply.close();
    await waitFor(() => expect(document.querySelector('[data-message-id="6"]')).toBeTruthy());
    look();
    observer.disconnect();

    const asked = seen.findIndex(([questions]) => questions > 0);
    const answered = seen.findIndex(([, replies]) => replies > 0);
    expect(seen.slice(asked).every(([questions]) => questions === 1)).toBe(true);
    expect(seen.slice(answered).every(([, replies]) => replies === 1)).toBe(true);
    expect(document.querySelector('[data-message-id="5"]')?.textContent).toBe("Ещё вопрос");
  });
});

describe("the topic on screen", () => {
  it("is the URL's: moving between topics by the URL alone shows each one and sends to it", async () => {
    const reply = replyStream();
    const api = topics(reply);
    const router = renderChat("/chat/7");
    await screen.findByText("Ответ седьмого");

    await router.navigate("/chat/9");
    await screen.findByText("Ответ девятого");
    expect(screen.queryByText("Ответ седьмого")).toBeNull();
    fireEvent.change(textbox(), { target: { value: "В девятый" } });
    fireEvent.keyDown(textbox(), { key: "Enter" });
    await waitFor(() => expect(api.callsTo("POST", "/topics/9/message/stream")).toHaveLength(1));
    expect(api.callsTo("POST", "/topics/7/message/stream")).toHaveLength(0);
    reply.close();

    await router.navigate("/chat");
    await waitFor(() => expect(screen.queryByText("Ответ девятого")).toBeNull());
    expect(screen.getByTestId("chat-start")).toBeTruthy();
  });
});
