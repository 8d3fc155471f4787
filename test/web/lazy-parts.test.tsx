import { DropdownMenu, IconButton, Theme } from "@radix-ui/themes";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { Hint } from "../../web/src/ui/Hint";
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

// docs/web.md "Loaded when used": tooltips and menus come with their code the first time they are reached.

it("a hint's tooltip shows once the pointer reaches its trigger, and focus stays on the trigger it replaced", async () => {
  render(
    <Theme>
      <Hint content="Прикрепить файл">
        <IconButton aria-label="Прикрепить">+</IconButton>
      </Hint>
    </Theme>,
  );
  expect(screen.queryByRole("tooltip")).toBeNull();
  fireEvent.pointerEnter(screen.getByRole("button", { name: "Прикрепить" }));
  expect((await screen.findByRole("tooltip")).textContent).toBe("Прикрепить файл");
  cleanup();

  render(
    <Theme>
      <Hint content="Остановить">
        <IconButton aria-label="Стоп">■</IconButton>
      </Hint>
    </Theme>,
  );
  screen.getByRole("button", { name: "Стоп" }).focus();
  expect((await screen.findByRole("tooltip")).textContent).toBe("Остановить");
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Стоп" })));
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
      <OpenOnFirstPress load={load} props={{ onPick: (item: string) => picked.push(item) }} trigger={<button type="button">Действия</button>} />
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
      <OpenOnFirstPress load={load} props={{ onPick: () => undefined }} trigger={<button type="button">Действия</button>} />
    </Theme>,
  );
  // Hovering only loads: the menu waits for the press.
  fireEvent.pointerEnter(screen.getByRole("button", { name: "Действия" }));
  await waitFor(() => expect(loads).toBe(2));
  expect(screen.queryByRole("menu")).toBeNull();
  fireEvent.pointerDown(screen.getByRole("button", { name: "Действия" }), { button: 0 });
  expect(await screen.findByRole("menuitem", { name: "Переименовать" })).toBeTruthy();
});
