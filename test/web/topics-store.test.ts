import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { useTopics, type TopicQuery } from "../../web/src/features/topics/topics-store";
import { fakeApi, json } from "./auth-fakes";
import { topic } from "./sidebar-render";

const lawList: TopicQuery = { status: "active", type: "law", folderId: null };

function signIn(token = "access-1") {
  useAuth.setState({ status: "authenticated", record: { access_token: token, refresh_token: "r", email: "a@example.com", name: null } });
}

/** A promise the test settles: a response held back until it says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("topics store (docs/product.md §4 topic list)", () => {
  beforeEach(() => {
    useTopics.getState().clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("loads the groups of one status and type with the browser's zone and the token", async () => {
    const groups = [{ date: "2025-03-12", topics: [topic(1)] }];
    const api = fakeApi({ "GET /topics/active/law": () => json(groups) });
    await useTopics.getState().load(lawList);
    const [call] = api.callsTo("GET /topics/active/law");
    expect(call.query.get("tz")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(call.query.has("folder_id")).toBe(false);
    expect(call.headers.get("jwt-token")).toBe("access-1");
    expect(useTopics.getState()).toMatchObject({ state: "loaded", error: null, groups, query: lawList });
  });

  it("sends the folder filter", async () => {
    const api = fakeApi({ "GET /topics/archived/gpt": () => json([]) });
    await useTopics.getState().load({ status: "archived", type: "gpt", folderId: 7 });
    expect(api.callsTo("GET /topics/archived/gpt")[0].query.get("folder_id")).toBe("7");
  });

  it("does not load the same list twice, in flight or loaded", async () => {
    const answer = deferred<Response>();
    const api = fakeApi({ "GET /topics/active/law": () => answer.promise });
    const first = useTopics.getState().load(lawList);
    const second = useTopics.getState().load({ ...lawList });
    answer.resolve(json([]));
    await Promise.all([first, second]);
    await useTopics.getState().load(lawList);
    expect(api.callsTo("GET /topics/active/law")).toHaveLength(1);
  });

  it("loads again for another type, and for another token", async () => {
    const api = fakeApi({ "GET /topics/active/law": () => json([]), "GET /topics/active/gpt": () => json([]) });
    await useTopics.getState().load(lawList);
    await useTopics.getState().load({ ...lawList, type: "gpt" });
    signIn("access-2");
    await useTopics.getState().load({ ...lawList, type: "gpt" });
    expect(api.callsTo("GET /topics/active/law")).toHaveLength(1);
    expect(api.callsTo("GET /topics/active/gpt").map((c) => c.headers.get("jwt-token"))).toEqual(["access-1", "access-2"]);
  });

  it("a slow answer for the previous type does not overwrite the newer list", async () => {
    const slow = deferred<Response>();
    fakeApi({ "GET /topics/active/law": () => slow.promise, "GET /topics/active/gpt": () => json([{ date: "2025-03-12", topics: [topic(2)] }]) });
    const law = useTopics.getState().load(lawList);
    await useTopics.getState().load({ ...lawList, type: "gpt" });
    slow.resolve(json([{ date: "2025-03-12", topics: [topic(1)] }]));
    await law;
    expect(useTopics.getState().groups[0].topics.map((t) => t.id)).toEqual([2]);
    expect(useTopics.getState().query?.type).toBe("gpt");
  });

  it("reload asks for the current list again", async () => {
    let answers = 0;
    const api = fakeApi({ "GET /topics/active/law": () => json([{ date: "2025-03-12", topics: [topic(++answers)] }]) });
    await useTopics.getState().load(lawList);
    await useTopics.getState().reload();
    expect(api.callsTo("GET /topics/active/law")).toHaveLength(2);
    expect(useTopics.getState().groups[0].topics[0].id).toBe(2);
  });

  it("reload before any load does nothing", async () => {
    const api = fakeApi({});
    await useTopics.getState().reload();
    expect(api.calls).toHaveLength(0);
  });

  describe("error texts (docs/product.md §8)", () => {
    it("the server's detail when there is one", async () => {
      fakeApi({ "GET /topics/active/law": () => json({ detail: "Некорректный часовой пояс" }, 422) });
      await useTopics.getState().load(lawList);
      expect(useTopics.getState()).toMatchObject({ state: "error", error: "Некорректный часовой пояс" });
    });

    it("a non-string detail, serialised", async () => {
      fakeApi({ "GET /topics/active/law": () => json({ detail: { code: 7 } }, 400) });
      await useTopics.getState().load(lawList);
      expect(useTopics.getState().error).toBe('{"code":7}');
    });

    it("Ошибка {status}: {statusText} without a detail", async () => {
      fakeApi({ "GET /topics/active/law": () => new Response("<html>upstream</html>", { status: 502, statusText: "Bad Gateway" }) });
      await useTopics.getState().load(lawList);
      expect(useTopics.getState().error).toBe("Ошибка 502: Bad Gateway");
    });

    it("the default text when the server cannot be reached", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
      );
      await useTopics.getState().load(lawList);
      expect(useTopics.getState()).toMatchObject({ state: "error", error: "Ошибка загрузки чатов, повторите попытку позже." });
    });

    it("a failed list is loaded again on the next ask", async () => {
      let fail = true;
      const api = fakeApi({ "GET /topics/active/law": () => (fail ? json({ detail: "Сбой" }, 500) : json([])) });
      await useTopics.getState().load(lawList);
      fail = false;
      await useTopics.getState().load(lawList);
      expect(api.callsTo("GET /topics/active/law")).toHaveLength(2);
      expect(useTopics.getState()).toMatchObject({ state: "loaded", error: null });
    });
  });

  it("changes a topic in place, and drops one that left the list", async () => {
    fakeApi({
      "GET /topics/active/law": () =>
        json([
          { date: null, topics: [topic(1, { pinned: true })] },
          { date: "2025-03-12", topics: [topic(2), topic(3)] },
        ]),
    });
    await useTopics.getState().load(lawList);
    useTopics.getState().applyTopic(topic(2, { topic_name: "Договор аренды" }));
    useTopics.getState().applyTopic(topic(3, { status: "archived" }));
    useTopics.getState().patchTopic(1, { share_hash: "abc" });
    const groups = useTopics.getState().groups;
    expect(groups.map((g) => g.topics.map((t) => [t.id, t.topic_name, t.share_hash]))).toEqual([[[1, "Вопрос 1", "abc"]], [[2, "Договор аренды", null]]]);
    useTopics.getState().removeTopic(1);
    expect(useTopics.getState().groups.map((g) => g.date)).toEqual(["2025-03-12"]);
  });

  it("signing out empties the list", async () => {
    fakeApi({ "GET /topics/active/law": () => json([{ date: "2025-03-12", topics: [topic(1)] }]), "POST /users/logout": () => json({}) });
    await useTopics.getState().load(lawList);
    useAuth.getState().logout();
    expect(useTopics.getState()).toMatchObject({ groups: [], state: "idle", query: null });
  });
});
