// What the build uses of jsdom, which ships no types. Not @types/jsdom: vitest's own types import it
// when it is installed, and it brings the browser's lib into the Worker's type-check (its Blob,
// Request and streams instead of workerd's).
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Record<"document" | "localStorage" | "navigator" | "location", unknown>;
  }
}
