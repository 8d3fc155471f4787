import { cleanup, render } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { documentTitle, useDocumentTitle } from "../../web/src/ui/document-title";

// docs/web.md "Titles": the tab names the page; the page's head links the icon and the manifest.

function Page({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

afterEach(cleanup);

it("names the page as «<title> — Ясно», and «Ясно» alone without one", () => {
  expect(documentTitle("Договор аренды")).toBe("Договор аренды — Ясно");
  expect(documentTitle(null)).toBe("Ясно");
  const { rerender } = render(<Page title="Вход" />);
  expect(document.title).toBe("Вход — Ясно");
  rerender(<Page title="Новый чат" />);
  expect(document.title).toBe("Новый чат — Ясно");
});

it("the app is installable: an icon and a manifest with a name, a start URL and a standalone display", () => {
  const html = readFileSync("web/index.html", "utf8");
  expect(html).toContain('<link rel="icon" href="/favicon.svg"');
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  const manifest = JSON.parse(readFileSync("web/public/manifest.webmanifest", "utf8")) as Record<string, unknown>;
  expect(manifest).toMatchObject({ short_name: "Ясно", start_url: "/", display: "standalone", lang: "ru" });
  expect(readFileSync("web/public/favicon.svg", "utf8")).toContain("<svg");
  expect(readFileSync("web/public/robots.txt", "utf8")).toContain("Disallow: /share/");
});
