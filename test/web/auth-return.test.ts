import { describe, expect, it } from "vitest";
import { decodeTelegramResult, readAuthReturn } from "../../web/src/features/auth/auth-return";
import { oauthStartUrl, telegramLoginUrl } from "../../web/src/features/auth/external-sign-in";
import { readUtm } from "../../web/src/features/auth/utm";

const at = (url: string) => {
  const { pathname, search, hash } = new URL(url, "http://localhost");
  return { pathname, search, hash };
};

/** base64 of UTF-8 JSON, as Telegram encodes tgAuthResult (URL-safe alphabet, no padding). */
const telegramEncode = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

describe("readAuthReturn", () => {
  it("takes the tokens from the query and drops them from the URL, keeping the rest", () => {
    expect(readAuthReturn(at("/chat/5?access_token=A.B.C&refresh_token=R1&mode=law#top"))).toEqual({
      result: { kind: "tokens", access_token: "A.B.C", refresh_token: "R1" },
      search: "?mode=law",
      hash: "#top",
    });
    expect(readAuthReturn(at("/?access_token=A&refresh_token=R"))).toMatchObject({ search: "", hash: "" });
  });

  it("reads a failure from /login?status= (409 and others) and clears it", () => {
    expect(readAuthReturn(at("/login?status=409"))).toEqual({
      result: { kind: "failed", status: 409 },
      search: "",
      hash: "",
    });
    expect(readAuthReturn(at("/login?status=502"))).toEqual({
      result: { kind: "failed", status: 502 },
      search: "",
      hash: "",
    });
    expect(readAuthReturn(at("/login?status=oops"))?.result).toEqual({ kind: "failed", status: null });
  });

  it("leaves `status` alone on other pages, where it is not about signing in", () => {
    expect(readAuthReturn(at("/checkout?status=succeeded"))).toBeNull();
    expect(readAuthReturn(at("/login"))).toBeNull();
    expect(readAuthReturn(at("/chat?x=1"))).toBeNull();
  });

  it("treats half a token pair as a failed sign-in", () => {
    expect(readAuthReturn(at("/?access_token=A"))).toEqual({
      result: { kind: "failed", status: null },
      search: "",
      hash: "",
    });
  });

  it("decodes #tgAuthResult into the widget's fields, names in Cyrillic included, and drops the hash", () => {
    const user = {
      id: 123456789,
      first_name: "Пётр",
      last_name: "Иванов",
      username: "petr",
      photo_url: "https://t.me/i/userpic/320/p.jpg",
      auth_date: 1772445600,
      hash: "f".repeat(64),
    };
    expect(readAuthReturn(at(`/login?next=1#tgAuthResult=${telegramEncode(user)}`))).toEqual({
      result: {
        kind: "telegram",
        data: {
          id: "123456789",
          first_name: "Пётр",
          last_name: "Иванов",
          username: "petr",
          photo_url: "https://t.me/i/userpic/320/p.jpg",
          auth_date: "1772445600",
          hash: "f".repeat(64),
        },
      },
      search: "?next=1",
      hash: "",
    });
  });

  it("reports a Telegram failure for a result that is not the widget's JSON", () => {
    expect(readAuthReturn(at("/login#tgAuthResult=false"))?.result).toEqual({ kind: "telegram-failed" });
    expect(readAuthReturn(at("/login#tgAuthResult=%%%"))?.result).toEqual({ kind: "telegram-failed" });
    expect(readAuthReturn(at(`/login#tgAuthResult=${telegramEncode({ id: 1, auth_date: 2 })}`))?.result).toEqual({
      kind: "telegram-failed",
    });
  });
});

describe("decodeTelegramResult", () => {
  it("accepts the standard alphabet with padding as well", () => {
    const padded = btoa(JSON.stringify({ id: 1, auth_date: 2, hash: "hh" }));
    expect(padded.endsWith("=")).toBe(true);
    expect(decodeTelegramResult(padded)).toEqual({ id: "1", auth_date: "2", hash: "hh" });
  });
});

describe("external sign-in links", () => {
  it("starts VK, Google and Yandex at the Worker, with where to come back", () => {
    expect(oauthStartUrl("google")).toBe("/api/v2/users/auth/google");
    expect(oauthStartUrl("vk", "/")).toBe("/api/v2/users/auth/vk");
    expect(oauthStartUrl("yandex", "/chat/5?x=1")).toBe("/api/v2/users/auth/yandex?next=%2Fchat%2F5%3Fx%3D1");
  });

  it("sends Telegram's redirect flow to oauth.telegram.org with the bot id and the return page", () => {
    const url = new URL(telegramLoginUrl("123456", "https://yasno.app", "https://yasno.app/login"));
    expect(url.origin + url.pathname).toBe("https://oauth.telegram.org/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      bot_id: "123456",
      origin: "https://yasno.app",
      request_access: "write",
      return_to: "https://yasno.app/login",
    });
  });
});

describe("readUtm", () => {
  it("keeps only utm_* parameters", () => {
    expect(readUtm("?utm_source=ya&utm_campaign=spring&ref=x")).toEqual({ utm_source: "ya", utm_campaign: "spring" });
    expect(readUtm("?ref=x")).toBeUndefined();
  });
});
