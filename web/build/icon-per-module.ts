import type { Plugin } from "vite";

const PACKAGE = "@radix-ui/react-icons";
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@radix-ui\/react-icons["'];?/g;

/** `import { A, B as C } from "@radix-ui/react-icons"` → one import per icon, each from its own module id. */
export function importPerIcon(source: string): string {
  return source.replace(NAMED_IMPORT, (_, names: string) =>
    names
      .split(",")
      .map((spec) => spec.trim())
      .filter(Boolean)
      .map((spec) => `import { ${spec} } from "${PACKAGE}?icon=${spec.split(/\s+as\s+/)[0]}";`)
      // One line, so the lines after keep their numbers.
      .join(" "),
  );
}

/**
 * Radix's icon set is one module. A module lands in one chunk, so the union of every icon any page
 * uses went into the entry, loaded by every page. Importing each icon from the same file under its
 * own id (`?icon=Name`) makes one module per icon, which the bundler shakes down to that icon, and
 * each chunk carries only the icons it draws (docs/scale.md "Smaller to load").
 */
export function iconPerModule(): Plugin {
  return {
    name: "yasno:icon-per-module",
    apply: "build",
    transform(code, id) {
      if (id.includes("/node_modules/") || !code.includes(PACKAGE)) return null;
      return { code: importPerIcon(code), map: null };
    },
  };
}
