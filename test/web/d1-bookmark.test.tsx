import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../web/src/api/client";
import { BOOKMARK_STORAGE_KEY } from "../../web/src/api/d1-bookmark";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { fakeChatApi, json, limits, message, replyStream } from "./chat-fakes";
import { renderChat, resetStores, signIn } from "./chat-render";

const HEADER = "X-D1-Bookmark";
const OLD = "00000000-00000010-00000000-00000000000000000000000000000000";
const NEW = "00000000-00000020-00000000-00000000000000000000000000000000";
const LATEST = "00000000-00000030-00000000-00000000000000000000000000000000";
const SHARD = "00000000-00000005-00000000-00000000000000000000000000000000";

/** An answer as the Worker gives it, with the bookmarks of what it did. */
const answer = (bookmark: string | null, data: unknown = {}) =>
  Response.json(data, { headers: bookmark ? { [HEADER]: bookmark } : {} });

const selfCall = () => api.users.self.$get();

beforeEach(() => {
  localStorage.clear();
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the session's D1 bookmarks (docs/scale.md, «Read replicas»)", () => {
  it(
    "sends back the bookmarks it got, keeping the newer one of each database, and keeps them over a " + "reload",
    async () => {
      let next: string | null = `DB=${OLD}`;
      const server = fakeChatApi({ "GET /users/self": () => answer(next) });

      await selfCall();
      expect(server.calls[0].headers.has(HEADER)).toBe(false);
      next = `DB=${NEW};HISTORY_0=${SHARD}`;
      await selfCall();
      expect(server.calls[1].headers.get(HEADER)).toBe(`DB=${OLD}`);
      // An answer that overtook a newer one on the way, and one with nothing usable, change nothing.
      next = `DB=${OLD}`;
      await selfCall();
      next = "DB=garbage;HISTORY_0";
      await selfCall();
      next = null;
      await selfCall();
      expect(server.calls.at(-1)!.headers.get(HEADER)).toBe(`DB=${NEW};HISTORY_0=${SHARD}`);

      vi.resetModules();
      const reloaded = await import("../../web/src/api/client");
      await reloaded.api.users.self.$get();
      expect(server.calls.at(-1)!.headers.get(HEADER)).toBe(`DB=${NEW};HISTORY_0=${SHARD}`);
    },
  );

  it("after a reply's stream ends, reads at the primary until an answer brings a newer bookmark", async () => {
    const reply = replyStream({ "X-Model": "yasno-demo", [HEADER]: `DB=${NEW}` });
    let history = [message(1, "user", "Первый вопрос"), message(2, "assistant", "Первый ответ")];
    const server = fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /products": () => json([]),
      "GET /topics/active/all": () => json([]),
      "GET /topics/7/history": () => answer(`DB=${history.length > 2 ? LATEST : OLD}`, history),
      "GET /topics/7/stream": () => new Response(null, { status: 204 }),
      "POST /topics/7/message/stream": () => reply.response(),
      "GET /users/self": () => answer(`DB=${NEW}`),
    });
    renderChat("/chat/7");
    await screen.findByText("Первый ответ");
    fireEvent.change(screen.getByRole("textbox", { name: "Сообщение" }), { target: { value: "Второй вопрос" } });
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Сообщение" }), { key: "Enter" });
    await waitFor(() => expect(server.callsTo("POST", "/topics/7/message/stream")).toHaveLength(1));
    expect(server.callsTo("POST", "/topics/7/message/stream")[0].headers.get(HEADER)).toBe(`DB=${OLD}`);

    reply.push("Второй ответ");
    history = [...history, message(3, "user", "Второй вопрос"), message(4, "assistant", "Второй ответ")];
    reply.close();
    // The reply was saved by the topic session after the stream's headers: the history after it is read at the primary.
    await waitFor(() => expect(server.callsTo("GET", "/topics/7/history")).toHaveLength(2));
    expect(server.callsTo("GET", "/topics/7/history")[1].headers.get(HEADER)).toBe("*=first-primary");

    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(BOOKMARK_STORAGE_KEY)!).bookmarks).toBe(`*=first-primary;DB=${LATEST}`),
    );
    await selfCall();
    expect(server.callsTo("GET", "/users/self")[0].headers.get(HEADER)).toBe(`*=first-primary;DB=${LATEST}`);
  });

  it("does not let an answer to a call sent before the stream ended undo the primary", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = fakeChatApi({
      "GET /users/self": async () => {
        await held;
        return answer(`DB=${OLD}`);
      },
      "GET /limits": () => answer(null, limits(5)),
    });
    const late = selfCall();
    const reply = replyStream();
    const { readTextStream } = await import("../../web/src/api/stream");
    const reading = readTextStream(reply.response().body!, () => {});
    reply.close();
    await reading;
    release();
    await late;
    await api.limits.$get();
    expect(server.callsTo("GET", "/limits")[0].headers.get(HEADER)).toBe("*=first-primary");
  });

  it(
    "reads at the primary after a reply route refuses: the topic session may have given the request " + "back",
    async () => {
      const server = fakeChatApi({
        "POST /topics/7/continue/stream": () =>
          Response.json({ detail: "Упс" }, { status: 502, headers: { [HEADER]: `DB=${NEW}` } }),
        "GET /limits": () => answer(null, limits(5)),
      });
      const { chatApi } = await import("../../web/src/features/chat/chat-api");
      expect((await chatApi.continueReply("7")).status).toBe(502);
      await api.limits.$get();
      expect(server.callsTo("GET", "/limits")[0].headers.get(HEADER)).toBe("*=first-primary");
    },
  );

  it("reads at the primary after an external sign-in, whose session was made in a redirect", async () => {
    useAuth.setState({ status: "loading", record: null });
    const server = fakeChatApi({
      "GET /users/self": () => answer(`DB=${NEW}`, { email: "anna@example.com", name: "Анна" }),
    });
    await useAuth.getState().start({ kind: "tokens", access_token: "access-2", refresh_token: "refresh-2" });
    expect(useAuth.getState().status).toBe("authenticated");
    expect(server.callsTo("GET", "/users/self")[0].headers.get(HEADER)).toBe("*=first-primary");
  });

  it("forgets the bookmarks at sign-out", async () => {
    const server = fakeChatApi({
      "GET /users/self": () => answer(`DB=${NEW}`),
      "POST /users/logout": () => answer(null),
    });
    await selfCall();
    expect(JSON.parse(localStorage.getItem(BOOKMARK_STORAGE_KEY)!).bookmarks).toBe(`DB=${NEW}`);
    useAuth.getState().logout();
    expect(localStorage.getItem(BOOKMARK_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(server.callsTo("POST", "/users/logout")).toHaveLength(1));
    await selfCall();
    expect(server.callsTo("GET", "/users/self").at(-1)!.headers.has(HEADER)).toBe(false);
  });
});
