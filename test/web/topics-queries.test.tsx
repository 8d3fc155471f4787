import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../../web/src/api/query-client";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { useMode } from "../../web/src/features/modes/mode-store";
import { useSidebar } from "../../web/src/features/topics/sidebar-state";
import {
  applyTopic,
  invalidateTopics,
  joinPages,
  patchTopic,
  removeTopic,
  type TopicQuery,
  topicListQuery,
  useTopicList,
} from "../../web/src/features/topics/topics-queries";
import { accessToken, fakeApi, json } from "./auth-fakes";
import { Providers } from "./providers";
import { topic } from "./sidebar-render";

const lawList: TopicQuery = { status: "active", type: "law", folderId: null };
const anna = accessToken(3600, Date.now(), "a", "1");
const boris = accessToken(3600, Date.now(), "b", "2");

function signIn(token = anna) {
  useAuth.setState({
    status: "authenticated",
    record: { access_token: token, refresh_token: "r", email: "a@example.com", name: null },
  });
}

/** A promise the test settles: a response held back until it says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;
/** The sidebar's list as a component sees it. */
const renderList = () => renderHook(() => useTopicList(), { wrapper });
const fetchList = (query: TopicQuery = lawList, user: string | null = "1") =>
  queryClient.fetchInfiniteQuery(topicListQuery(user, query));
/** A cached list as the sidebar shows it: its loaded pages joined. */
const cachedGroups = (query: TopicQuery) =>
  joinPages(queryClient.getQueryData(topicListQuery("1", query).queryKey)?.pages ?? []);

describe("the topic list (docs/product.md §4)", () => {
  beforeEach(() => {
    signIn();
    useMode.setState({ mode: "explain_law" });
    useSidebar.setState({ status: "active", folderId: null, typeFilter: "law" });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("loads the groups of one status and type with the browser's zone and the token", async () => {
    const groups = [{ date: "2025-03-12", topics: [topic(1)] }];
    const api = fakeApi({ "GET /topics/active/law": () => json(groups) });
    const { result } = renderList();
    await waitFor(() => expect(result.current.data).toEqual(groups));
    const [call] = api.callsTo("GET /topics/active/law");
    expect(call.query.get("tz")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(call.query.get("topics_type")).toBe("law");
    expect(call.query.has("folder_id")).toBe(false);
    expect(call.headers.get("jwt-token")).toBe(anna);
  });

  it("sends the folder filter", async () => {
    const api = fakeApi({ "GET /topics/archived/gpt": () => json([]) });
    await fetchList({ status: "archived", type: "gpt", folderId: 7 });
    expect(api.callsTo("GET /topics/archived/gpt")[0].query.get("folder_id")).toBe("7");
  });

  it("does not load the same list twice for two screens, in flight or loaded", async () => {
    const answer = deferred<Response>();
    const api = fakeApi({ "GET /topics/active/law": () => answer.promise });
    const first = renderList();
    const second = renderList();
    answer.resolve(json([]));
    await waitFor(() => expect(second.result.current.isSuccess).toBe(true));
    renderList();
    expect(first.result.current.data).toEqual([]);
    expect(api.callsTo("GET /topics/active/law")).toHaveLength(1);
  });

  it("loads again for another type, and for another user", async () => {
    const api = fakeApi({ "GET /topics/active/law": () => json([]), "GET /topics/active/gpt": () => json([]) });
    const { result } = renderList();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => useSidebar.setState({ typeFilter: "gpt" }));
    await waitFor(() => expect(result.current.query.type).toBe("gpt"));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => signIn(boris));
    await waitFor(() => expect(api.callsTo("GET /topics/active/gpt")).toHaveLength(2));
    expect(api.callsTo("GET /topics/active/law")).toHaveLength(1);
    expect(api.callsTo("GET /topics/active/gpt").map((c) => c.headers.get("jwt-token"))).toEqual([anna, boris]);
  });

  it("a slow answer for the previous mode never shows under the newer one", async () => {
    const slow = deferred<Response>();
    fakeApi({
      "GET /topics/active/law": () => slow.promise,
      "GET /topics/active/gpt": () => json([{ date: "2025-03-12", topics: [topic(2)] }]),
    });
    const { result } = renderList();
    act(() => useSidebar.setState({ typeFilter: "gpt" }));
    await waitFor(() => expect(result.current.data?.[0].topics.map((t) => t.id)).toEqual([2]));
    slow.resolve(json([{ date: "2025-03-12", topics: [topic(1)] }]));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(result.current.data?.[0].topics.map((t) => t.id)).toEqual([2]);
  });

  it("asks again after a change, for the list on screen", async () => {
    let answers = 0;
    const api = fakeApi({ "GET /topics/active/law": () => json([{ date: "2025-03-12", topics: [topic(++answers)] }]) });
    const { result } = renderList();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await act(() => invalidateTopics());
    expect(api.callsTo("GET /topics/active/law")).toHaveLength(2);
    await waitFor(() => expect(result.current.data?.[0].topics[0].id).toBe(2));
  });

  it("asks for nothing while signed out", async () => {
    useAuth.setState({ status: "anonymous", record: null });
    const api = fakeApi({});
    renderList();
    await act(() => invalidateTopics());
    expect(api.calls).toHaveLength(0);
  });

  describe("error texts (docs/product.md §8)", () => {
    it("the server's detail when there is one", async () => {
      fakeApi({ "GET /topics/active/law": () => json({ detail: "Некорректный часовой пояс" }, 422) });
      await expect(fetchList()).rejects.toThrow("Некорректный часовой пояс");
    });

    it("a non-string detail, serialised", async () => {
      fakeApi({ "GET /topics/active/law": () => json({ detail: { code: 7 } }, 400) });
      await expect(fetchList()).rejects.toThrow('{"code":7}');
    });

    it("a list of strings as detail, serialised", async () => {
      fakeApi({ "GET /topics/active/law": () => json({ detail: ["a", "b"] }, 400) });
      await expect(fetchList()).rejects.toThrow('["a","b"]');
    });

    it("a 422's list of issues, as its messages (docs/product.md §10)", async () => {
      const issues = [{ loc: ["query", "tz"], msg: "Неизвестный часовой пояс", type: "custom" }];
      fakeApi({ "GET /topics/active/law": () => json({ detail: issues }, 422) });
      await expect(fetchList()).rejects.toThrow(/^Неизвестный часовой пояс$/);
    });

    it("Ошибка {status}: {statusText} without a detail", async () => {
      fakeApi({
        "GET /topics/active/law": () =>
          new Response("<html>upstream</html>", { status: 502, statusText: "Bad Gateway" }),
      });
      await expect(fetchList()).rejects.toThrow("Ошибка 502: Bad Gateway");
    });

    it("the default text when the server cannot be reached", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
      );
      await expect(fetchList()).rejects.toThrow("Ошибка загрузки чатов, повторите попытку позже.");
    });

    it("a failed list is loaded again when a screen asks for it next", async () => {
      let fail = true;
      const api = fakeApi({ "GET /topics/active/law": () => (fail ? json({ detail: "Сбой" }, 500) : json([])) });
      const first = renderList();
      await waitFor(() => expect(first.result.current.error?.message).toBe("Сбой"));
      first.unmount();
      fail = false;
      const { result } = renderList();
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(api.callsTo("GET /topics/active/law")).toHaveLength(2);
    });
  });

  it("changes a topic in place in every list, and drops one that left a list", async () => {
    fakeApi({
      "GET /topics/active/law": () =>
        json([
          { date: null, topics: [topic(1, { pinned: true })] },
          { date: "2025-03-12", topics: [topic(2), topic(3)] },
        ]),
      "GET /topics/archived/law": () => json([{ date: "2025-03-12", topics: [topic(4, { status: "archived" })] }]),
    });
    await fetchList();
    await fetchList({ ...lawList, status: "archived" });
    applyTopic(topic(2, { topic_name: "Договор аренды" }));
    applyTopic(topic(3, { status: "archived" }));
    patchTopic(1, { share_hash: "abc" });
    const active = () => cachedGroups(lawList);
    expect(active().map((g) => g.topics.map((t) => [t.id, t.topic_name, t.share_hash]))).toEqual([
      [[1, "Вопрос 1", "abc"]],
      [[2, "Договор аренды", null]],
    ]);
    removeTopic(1);
    expect(active().map((g) => g.date)).toEqual(["2025-03-12"]);
    applyTopic(topic(4, { status: "active" }));
    expect(cachedGroups({ ...lawList, status: "archived" })).toEqual([]);
  });

  it("signing out forgets every list", async () => {
    fakeApi({
      "GET /topics/active/law": () => json([{ date: "2025-03-12", topics: [topic(1)] }]),
      "POST /users/logout": () => json({}),
    });
    await fetchList();
    useAuth.getState().logout();
    expect(queryClient.getQueryData(topicListQuery("1", lawList).queryKey)).toBeUndefined();
  });
});
