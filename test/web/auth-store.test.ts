import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessToken, AUTH_KEY, fakeApi, json, storeRecord } from "./auth-fakes";

// A fresh store per test (its timers and the once-only start are module state), with what the app
// starts beside it: the sign-out that forgets the cached answers (web/src/app/start.tsx).
async function loadStore() {
  vi.resetModules();
  const store = await import("../../web/src/features/auth/auth-store");
  const { queryClient } = await import("../../web/src/api/query-client");
  const { forgetOnSignOut } = await import("../../web/src/app/sign-out");
  forgetOnSignOut();
  const key = ["topics", "1"];
  return {
    ...store,
    /** An answer cached for the signed-in user (their topic list). */
    cacheAnswer: () => queryClient.setQueryData(key, []),
    cached: () => queryClient.getQueryData(key) !== undefined,
  };
}

const NOW = new Date("2026-03-02T10:00:00Z").getTime();
const CONFLICT = "Пользователь с данным email уже зарегистрирован";
const OAUTH_FAILED = "Ошибка авторизации, попробуйте другой способ или повторите попытку позже";
const TELEGRAM_FAILED = "Ошибка авторизации через Telegram, попробуйте другой способ или повторите попытку позже";

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: NOW, toFake: ["setTimeout", "clearTimeout", "Date"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("refresh scheduling", () => {
  it("refreshes 30 s before the access token expires, with both tokens, and schedules the next one", async () => {
    const { useAuth } = await loadStore();
    const second = accessToken(900, NOW + 870_000, "second");
    const api = fakeApi({
      "POST /users/token/refresh": () => json({ access_token: second, refresh_token: "refresh-2" }),
    });
    const first = accessToken(900);
    useAuth
      .getState()
      .login({ access_token: first, refresh_token: "refresh-1", email: "anna@example.com", name: "Анна" });

    await vi.advanceTimersByTimeAsync(900_000 - 30_000 - 1);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const [call] = api.callsTo("POST /users/token/refresh");
    expect(call.headers.get("jwt-token")).toBe(first);
    expect(call.headers.get("refresh-token")).toBe("refresh-1");

    expect(useAuth.getState().record).toEqual({
      access_token: second,
      refresh_token: "refresh-2",
      email: "anna@example.com",
      name: "Анна",
    });
    expect(JSON.parse(localStorage.getItem(AUTH_KEY)!)).toMatchObject({
      access_token: second,
      refresh_token: "refresh-2",
    });

    // The new token is refreshed 30 s before its own expiry, 15 minutes on.
    await vi.advanceTimersByTimeAsync(900_000 - 30_000 - 1);
    expect(api.callsTo("POST /users/token/refresh")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo("POST /users/token/refresh")[1].headers.get("refresh-token")).toBe("refresh-2");
  });

  it("keeps the refresh token when the answer carries only a new access token", async () => {
    const { useAuth } = await loadStore();
    fakeApi({ "POST /users/token/refresh": () => json({ access_token: accessToken(900, NOW + 870_000) }) });
    useAuth.getState().login({ access_token: accessToken(900), refresh_token: "refresh-1", email: null, name: null });
    await vi.advanceTimersByTimeAsync(870_000);
    expect(useAuth.getState().status).toBe("authenticated");
    expect(useAuth.getState().record?.refresh_token).toBe("refresh-1");
  });

  it("waits at least 1 s when the token expires within the 30 s lead, or has no exp", async () => {
    const { useAuth, refreshDelay } = await loadStore();
    const api = fakeApi({
      "POST /users/token/refresh": () =>
        json({ access_token: accessToken(900, NOW + 1000), refresh_token: "refresh-2" }),
    });
    useAuth.getState().login({ access_token: accessToken(10), refresh_token: "refresh-1", email: null, name: null });
    await vi.advanceTimersByTimeAsync(999);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo("POST /users/token/refresh")).toHaveLength(1);

    expect(refreshDelay(accessToken(-60))).toBe(1000);
    expect(refreshDelay("not-a-jwt")).toBe(1000);
    expect(refreshDelay(accessToken(31))).toBe(1000);
    expect(refreshDelay(accessToken(32))).toBe(2000);
  });

  it("signs out silently when the refresh fails: storage and cached answers cleared, no logout call", async () => {
    const { useAuth, cacheAnswer, cached } = await loadStore();
    const api = fakeApi({ "POST /users/token/refresh": () => json({ detail: "Сеанс завершён, войдите снова" }, 401) });
    useAuth
      .getState()
      .login({ access_token: accessToken(60), refresh_token: "refresh-1", email: "anna@example.com", name: null });
    cacheAnswer();
    expect(localStorage.getItem(AUTH_KEY)).not.toBeNull();

    await vi.advanceTimersByTimeAsync(30_000);
    expect(useAuth.getState()).toMatchObject({ status: "anonymous", record: null, endedBy: "expiry", notice: null });
    expect(localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(cached()).toBe(false);
    expect(api.callsTo("POST /users/logout")).toHaveLength(0);
    // Nothing is left scheduled.
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(api.calls).toHaveLength(1);
  });

  it("keeps the session while the server cannot be reached and refreshes once it can", async () => {
    const { useAuth, REFRESH_RETRY_MS } = await loadStore();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    useAuth.getState().login({ access_token: accessToken(60), refresh_token: "refresh-1", email: null, name: null });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(useAuth.getState()).toMatchObject({ status: "authenticated", record: { refresh_token: "refresh-1" } });
    expect(localStorage.getItem(AUTH_KEY)).not.toBeNull();

    const api = fakeApi({
      "POST /users/token/refresh": () => json({ access_token: accessToken(900), refresh_token: "refresh-2" }),
    });
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(api.callsTo("POST /users/token/refresh")).toHaveLength(1);
    expect(useAuth.getState().record?.refresh_token).toBe("refresh-2");
  });

  it("keeps the session when the server fails with a 5xx, and signs out when it then refuses", async () => {
    const { useAuth, REFRESH_RETRY_MS } = await loadStore();
    fakeApi({ "POST /users/token/refresh": () => json({ detail: "Внутренняя ошибка сервера" }, 503) });
    useAuth.getState().login({ access_token: accessToken(60), refresh_token: "refresh-1", email: null, name: null });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(useAuth.getState().status).toBe("authenticated");

    fakeApi({ "POST /users/token/refresh": () => json({ detail: "Сеанс завершён, войдите снова" }, 401) });
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(useAuth.getState()).toMatchObject({ status: "anonymous", endedBy: "expiry" });
  });

  it("sends one refresh however many callers ask at once", async () => {
    const { useAuth } = await loadStore();
    const api = fakeApi({
      "POST /users/token/refresh": () => json({ access_token: accessToken(900), refresh_token: "refresh-2" }),
    });
    useAuth.getState().login({ access_token: accessToken(900), refresh_token: "refresh-1", email: null, name: null });
    const results = await Promise.all([useAuth.getState().refresh(), useAuth.getState().refresh()]);
    expect(results).toEqual([true, true]);
    expect(api.callsTo("POST /users/token/refresh")).toHaveLength(1);
  });

  it("takes the tokens another tab has just stored instead of spending the same refresh token", async () => {
    const { useAuth } = await loadStore();
    const api = fakeApi({});
    useAuth.getState().login({ access_token: accessToken(900), refresh_token: "refresh-1", email: null, name: null });
    const fromOtherTab = accessToken(900, NOW, "other");
    storeRecord({ access_token: fromOtherTab, refresh_token: "refresh-2" });
    expect(await useAuth.getState().refresh()).toBe(true);
    expect(api.calls).toHaveLength(0);
    expect(useAuth.getState().record).toMatchObject({ access_token: fromOtherTab, refresh_token: "refresh-2" });
  });
});

describe("start", () => {
  it("with nothing stored: anonymous at once, no call", async () => {
    const { useAuth } = await loadStore();
    const api = fakeApi({});
    expect(useAuth.getState().status).toBe("loading");
    await useAuth.getState().start();
    expect(useAuth.getState().status).toBe("anonymous");
    expect(api.calls).toHaveLength(0);
  });

  it("loads the stored record once and refreshes it, then merges the user", async () => {
    const { useAuth } = await loadStore();
    const fresh = accessToken(900, NOW, "fresh");
    const api = fakeApi({
      "POST /users/token/refresh": () => json({ access_token: fresh, refresh_token: "refresh-2" }),
      "GET /users/self": () => json({ id: 1, email: "anna@example.com", name: "Анна Петрова", role: "user" }),
    });
    storeRecord({
      access_token: accessToken(-100),
      refresh_token: "refresh-1",
      email: "anna@example.com",
      name: "Анна",
    });

    const first = useAuth.getState().start();
    expect(useAuth.getState().start()).toBe(first);
    await first;
    expect(useAuth.getState().status).toBe("authenticated");
    expect(api.callsTo("POST /users/token/refresh")).toHaveLength(1);
    await vi.waitFor(() => expect(useAuth.getState().record?.name).toBe("Анна Петрова"));
    expect(api.callsTo("GET /users/self")[0].headers.get("jwt-token")).toBe(fresh);
    expect(JSON.parse(localStorage.getItem(AUTH_KEY)!)).toEqual({
      access_token: fresh,
      refresh_token: "refresh-2",
      email: "anna@example.com",
      name: "Анна Петрова",
    });
  });

  it("with a stored record the server refuses: anonymous, storage cleared", async () => {
    const { useAuth } = await loadStore();
    fakeApi({ "POST /users/token/refresh": () => json({ detail: "Сеанс завершён, войдите снова" }, 401) });
    storeRecord({ access_token: accessToken(600), refresh_token: "stolen" });
    await useAuth.getState().start();
    expect(useAuth.getState().status).toBe("anonymous");
    expect(localStorage.getItem(AUTH_KEY)).toBeNull();
  });

  it("says when the user could not be loaded", async () => {
    const { useAuth } = await loadStore();
    fakeApi({
      "POST /users/token/refresh": () => json({ access_token: accessToken(900), refresh_token: "refresh-2" }),
      "GET /users/self": () => json({ detail: "Внутренняя ошибка сервера" }, 500),
    });
    storeRecord({ access_token: accessToken(600), refresh_token: "refresh-1", email: "anna@example.com" });
    await useAuth.getState().start();
    await vi.waitFor(() => expect(useAuth.getState().notice).toBe("Не удалось загрузить данные пользователя."));
    expect(useAuth.getState().status).toBe("authenticated");
  });
});

describe("external sign-in return", () => {
  it("signs in with the tokens from the URL and the user fetched with them", async () => {
    const { useAuth } = await loadStore();
    const access = accessToken(900);
    const api = fakeApi({
      "GET /users/self": () => json({ id: 7, email: "ivan@yandex.ru", name: "Иван", role: "user" }),
    });
    await useAuth.getState().start({ kind: "tokens", access_token: access, refresh_token: "refresh-x" });
    expect(api.callsTo("GET /users/self")[0].headers.get("jwt-token")).toBe(access);
    expect(useAuth.getState()).toMatchObject({
      status: "authenticated",
      record: { access_token: access, refresh_token: "refresh-x", email: "ivan@yandex.ru", name: "Иван" },
    });
    expect(JSON.parse(localStorage.getItem(AUTH_KEY)!).email).toBe("ivan@yandex.ru");
    expect(api.callsTo("POST /users/token/refresh")).toHaveLength(0);
  });

  it("shows the OAuth error when the returned tokens do not work, and keeps a stored session", async () => {
    const { useAuth } = await loadStore();
    fakeApi({
      "GET /users/self": ({ headers }) =>
        headers.get("jwt-token") === "bogus"
          ? json({ detail: "Недействительный токен" }, 401)
          : json({ email: "a@b.ru", name: null }),
      "POST /users/token/refresh": () => json({ access_token: accessToken(900), refresh_token: "refresh-2" }),
    });
    storeRecord({ access_token: accessToken(600), refresh_token: "refresh-1" });
    await useAuth.getState().start({ kind: "tokens", access_token: "bogus", refresh_token: "bogus" });
    expect(useAuth.getState().notice).toBe(OAUTH_FAILED);
    expect(useAuth.getState().status).toBe("authenticated");
    expect(useAuth.getState().record?.refresh_token).toBe("refresh-2");
  });

  it("shows the 409 text and clears it after 3 s", async () => {
    const { useAuth } = await loadStore();
    fakeApi({});
    await useAuth.getState().start({ kind: "failed", status: 409 });
    expect(useAuth.getState()).toMatchObject({ status: "anonymous", notice: CONFLICT });
    await vi.advanceTimersByTimeAsync(2999);
    expect(useAuth.getState().notice).toBe(CONFLICT);
    await vi.advanceTimersByTimeAsync(1);
    expect(useAuth.getState().notice).toBeNull();
  });

  it("shows the OAuth error text for any other failure, and keeps it", async () => {
    const { useAuth } = await loadStore();
    fakeApi({});
    await useAuth.getState().start({ kind: "failed", status: 502 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(useAuth.getState().notice).toBe(OAUTH_FAILED);
    useAuth.getState().dismissNotice();
    expect(useAuth.getState().notice).toBeNull();
  });

  it("sends the Telegram widget's fields to /users/tg/auth unchanged and signs in with the answer", async () => {
    const { useAuth } = await loadStore();
    const access = accessToken(900);
    const api = fakeApi({
      "GET /users/tg/auth": () =>
        json({ access_token: access, refresh_token: "refresh-tg", email: null, name: "Пётр" }),
    });
    const data = { id: "4242", first_name: "Пётр", username: "petr", auth_date: "1772445600", hash: "ab".repeat(32) };
    await useAuth.getState().start({ kind: "telegram", data });
    const [call] = api.callsTo("GET /users/tg/auth");
    expect(Object.fromEntries(call.query)).toEqual(data);
    expect(useAuth.getState()).toMatchObject({
      status: "authenticated",
      record: { access_token: access, refresh_token: "refresh-tg", name: "Пётр" },
    });
  });

  it("shows the Telegram error when the server refuses the widget's data", async () => {
    const { useAuth } = await loadStore();
    fakeApi({ "GET /users/tg/auth": () => json({ detail: "Данные входа через Telegram не прошли проверку" }, 401) });
    await useAuth.getState().start({ kind: "telegram", data: { id: "1", auth_date: "1", hash: "00" } });
    expect(useAuth.getState()).toMatchObject({ status: "anonymous", notice: TELEGRAM_FAILED });
  });
});

describe("logout", () => {
  it("tells the server with the session's tokens, clears everything and records that the user chose it", async () => {
    const { useAuth, cacheAnswer, cached } = await loadStore();
    const api = fakeApi({ "POST /users/logout": () => json({ detail: "Вы вышли из аккаунта" }) });
    const access = accessToken(900);
    useAuth
      .getState()
      .login({ access_token: access, refresh_token: "refresh-1", email: "anna@example.com", name: null });
    cacheAnswer();
    useAuth.getState().logout();
    expect(useAuth.getState()).toMatchObject({ status: "anonymous", record: null, endedBy: "user" });
    expect(localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(cached()).toBe(false);
    await vi.waitFor(() => expect(api.callsTo("POST /users/logout")).toHaveLength(1));
    expect(api.callsTo("POST /users/logout")[0].headers.get("jwt-token")).toBe(access);
    // No refresh is left behind.
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(api.callsTo("POST /users/token/refresh")).toHaveLength(0);
  });

  it("clears local storage but the theme: the session, the picked mode and the D1 bookmarks go", async () => {
    const { useAuth } = await loadStore();
    const { useMode, MODE_STORAGE_KEY } = await import("../../web/src/features/modes/mode-store");
    const { useTheme, THEME_STORAGE_KEY } = await import("../../web/src/features/account/theme-store");
    const { markOutOfBandWrite, BOOKMARK_STORAGE_KEY } = await import("../../web/src/api/d1-bookmark");
    fakeApi({ "POST /users/logout": () => json({ detail: "Вы вышли из аккаунта" }) });
    const record = { access_token: accessToken(900), refresh_token: "refresh-1", email: "a@example.com", name: null };
    useAuth.getState().login(record);
    useMode.getState().setMode("gpt");
    useTheme.getState().setTheme("dark");
    markOutOfBandWrite();
    const stored = [AUTH_KEY, THEME_STORAGE_KEY, BOOKMARK_STORAGE_KEY, MODE_STORAGE_KEY];
    expect(Object.keys(localStorage).sort()).toEqual(stored.sort());

    useAuth.getState().logout();
    expect(Object.keys(localStorage)).toEqual([THEME_STORAGE_KEY]);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(useMode.getState().mode).toBe("explain_law");
  });

  it("still signs out locally when the server cannot be reached", async () => {
    const { useAuth } = await loadStore();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    useAuth.getState().login({ access_token: accessToken(900), refresh_token: "refresh-1", email: null, name: null });
    useAuth.getState().logout();
    expect(useAuth.getState().status).toBe("anonymous");
  });
});

describe("typed client", () => {
  it("refreshes once and repeats a signed-in call the server answered 401", async () => {
    const { useAuth } = await loadStore();
    const { api } = await import("../../web/src/api/client");
    const retired = accessToken(900, NOW, "retired");
    const fresh = accessToken(900, NOW, "fresh");
    const server = fakeApi({
      "POST /users/token/refresh": () => json({ access_token: fresh, refresh_token: "refresh-2" }),
      "GET /users/self": ({ headers }) =>
        headers.get("jwt-token") === fresh
          ? json({ email: "anna@example.com", name: "Анна" })
          : json({ detail: "Сеанс завершён, войдите снова" }, 401),
    });
    useAuth.getState().login({ access_token: retired, refresh_token: "refresh-1", email: null, name: null });
    const res = await api.users.self.$get();
    expect(res.status).toBe(200);
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /users/self",
      "POST /users/token/refresh",
      "GET /users/self",
    ]);
  });

  it("leaves an anonymous 401 (a wrong password) alone", async () => {
    await loadStore();
    const { api } = await import("../../web/src/api/client");
    const server = fakeApi({ "POST /users/login": () => json({ detail: "Неверный e-mail или пароль" }, 401) });
    const res = await api.users.login.$post({ json: { email: "a@b.ru", password: "wrong-password" } });
    expect(res.status).toBe(401);
    expect(server.calls).toHaveLength(1);
  });
});
