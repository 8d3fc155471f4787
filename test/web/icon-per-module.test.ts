import { describe, expect, it } from "vitest";
import { importPerIcon } from "../../web/build/icon-per-module";

describe("importPerIcon (the build's one module per Radix icon)", () => {
  it("gives each named icon its own module id, keeping aliases, on the import's line", () => {
    const source = 'import { ArrowLeftIcon, Cross2Icon as Close } from "@radix-ui/react-icons";\nconst x = 1;';
    expect(importPerIcon(source)).toBe(
      'import { ArrowLeftIcon } from "@radix-ui/react-icons?icon=ArrowLeftIcon"; import { Cross2Icon as Close } from "@radix-ui/react-icons?icon=Cross2Icon";\nconst x = 1;',
    );
  });

  it("reads an import written over several lines and leaves other imports alone", () => {
    const source = 'import {\n  BellIcon,\n} from "@radix-ui/react-icons";\nimport { Button } from "@radix-ui/themes";';
    expect(importPerIcon(source)).toBe(
      'import { BellIcon } from "@radix-ui/react-icons?icon=BellIcon";\nimport { Button } from "@radix-ui/themes";',
    );
  });
});
