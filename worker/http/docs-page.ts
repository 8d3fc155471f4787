import { swaggerUI } from "@hono/swagger-ui";
import type { Context } from "hono";
import type { AppEnv } from "../env";

// Swagger UI's script and styles come from its CDN (docs/architecture.md, "Libraries").
const CDN = "https://cdn.jsdelivr.net";

/**
 * The policy of `/api/v2/docs` alone: the page starts Swagger UI with one inline script, allowed
 * by a fresh nonce per answer, and loads the bundle from the CDN; everything else as strict as
 * the app's (worker/http/security-headers.ts).
 */
const docsPolicy = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' ${CDN}`,
    `style-src 'self' 'unsafe-inline' ${CDN}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

/** The API's docs page (Swagger UI over /api/v2/openapi.json) under its own nonce policy. */
export function docsPage(c: Context<AppEnv>) {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  c.header("Content-Security-Policy", docsPolicy(nonce));
  const render = swaggerUI<AppEnv>({
    url: "/api/v2/openapi.json",
    title: "Ясно API",
    manuallySwaggerUIHtml: (asset) => `
      <div id="swagger-ui"></div>
      ${asset.css.map((href) => `<link rel="stylesheet" href="${href}" />`).join("")}
      ${asset.js.map((src) => `<script src="${src}" crossorigin="anonymous" nonce="${nonce}"></script>`).join("")}
      <script nonce="${nonce}">
        window.onload = () => {
          window.ui = SwaggerUIBundle({ dom_id: "#swagger-ui", url: "/api/v2/openapi.json" });
        };
      </script>`,
  });
  return render(c, async () => {});
}
