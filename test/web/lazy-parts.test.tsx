import { DropdownMenu, IconButton, Theme } from "@radix-ui/themes";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { Hint } from "../../web/src/ui/Hint";
import { placeHint } from "../../web/src/ui/hint-placement";
import { OpenOnFirstPress, type Pressed } from "../../web/src/ui/lazy/OpenOnFirstPress";

beforeEach(() => {
  // Radix's popper measures its trigger; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(cleanup);

// docs/web.md "Loaded when used": tooltips without Radix's popper; menus come with their code the first time they are
// reached.

it("a hint shows at once while the pointer or focus is on its trigger, and never replaces the trigger", async () => {
  render(
    <Theme>
      <Hint content="Прикрепить файл">
        <IconButton aria-label="Прикрепить">+</IconButton>
      </Hint>
    </Theme>,
  );
  const button = screen.getByRole("button", { name: "Прикрепить" });
  expect(screen.queryByRole("tooltip")).toBeNull();
  fireEvent.pointerEnter(button, { pointerType: "mouse" });
  const tip = screen.getByRole("tooltip");
  expect(tip.textContent).toBe("Прикрепить файл");
  expect(button.getAttribute("aria-describedby")).toBe(tip.id);
  // Drawn inside the theme's root, for its colours.
  expect(tip.closest(".radix-themes")).toBeTruthy();
  fireEvent.pointerLeave(button);
  expect(screen.queryByRole("tooltip")).toBeNull();

  act(() => button.focus());
  expect(screen.getByRole("tooltip").textContent).toBe("Прикрепить файл");
  fireEvent.keyDown(window, { key: "Escape" });
  expect(screen.queryByRole("tooltip")).toBeNull();
  expect(screen.getByRole("button", { name: "Прикрепить" })).toBe(button);
  expect(document.activeElement).toBe(button);
});

it("a hint goes on the side asked for, or the opposite one when it does not fit, inside the window", () => {
  const view = { width: 400, height: 300 };
  const bubble = { width: 120, height: 24 };
  const rect = (left: number, top: number) => ({
    left,
    top,
    right: left + 32,
    bottom: top + 32,
    width: 32,
    height: 32,
  });
  // Room above: above, centred on the trigger (4 px and the 5 px arrow between).
  expect(placeHint(rect(180, 100), bubble, "top", view)).toMatchObject({ side: "top", left: 136, top: 100 - 9 - 24 });
  // A trigger at the top edge: below it instead.
  expect(placeHint(rect(180, 5), bubble, "top", view)).toMatchObject({ side: "bottom", top: 5 + 32 + 9 });
  // Near the left edge: kept 10 px inside, the arrow still at the trigger's centre.
  const edge = placeHint(rect(0, 100), bubble, "top", view);
  expect(edge.left).toBe(10);
  expect(edge.arrow.left).toBe(4);
  // The rail's tips go right; at the right edge, left.
  expect(placeHint(rect(10, 100), bubble, "right", view)).toMatchObject({ side: "right", left: 10 + 32 + 9 });
  expect(placeHint(rect(360, 100), bubble, "right", view)).toMatchObject({ side: "left", left: 360 - 9 - 120 });
});

function TestMenu({ trigger, defaultOpen, onPick }: Pressed & { onPick: (item: string) => void }) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item onSelect={() => onPick("Переименовать")}>Переименовать</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

it("a menu opens on the first press, by pointer or by Enter, and works as Radix's from then on", async () => {
  const picked: string[] = [];
  let loads = 0;
  const load = async () => {
    loads += 1;
    return TestMenu;
  };
  const { unmount } = render(
    <Theme>
      <OpenOnFirstPress
        load={load}
        props={{ onPick: (item: string) => picked.push(item) }}
        trigger={<button type="button">Действия</button>}
      />
    </Theme>,
  );
  const trigger = screen.getByRole("button", { name: "Действия" });
  expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
  expect(screen.queryByRole("menu")).toBeNull();
  fireEvent.keyDown(trigger, { key: "Enter" });
  fireEvent.click(await screen.findByRole("menuitem", { name: "Переименовать" }));
  expect(picked).toEqual(["Переименовать"]);
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  expect(loads).toBe(1);
  unmount();

  render(
    <Theme>
      <OpenOnFirstPress
        load={load}
        props={{ onPick: () => undefined }}
        trigger={<button type="button">Действия</button>}
      />
    </Theme>,
  );
  // Hovering only loads: the menu waits for the press.
  fireEvent.pointerEnter(screen.getByRole("button", { name: "Действия" }));
  await waitFor(() => expect(loads).toBe(2));
  expect(screen.queryByRole("menu")).toBeNull();
  fireEvent.pointerDown(screen.getByRole("button", { name: "Действия" }), { button: 0 });
  expect(await screen.findByRole("menuitem", { name: "Переименовать" })).toBeTruthy();
});
