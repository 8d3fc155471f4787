import { ChevronDownIcon } from "@radix-ui/themes/components/icons";
import type { TopicType } from "../../../../worker/settings";
import { OpenOnFirstPress } from "../../ui/lazy/OpenOnFirstPress";
import { sidebarTexts } from "../../ui/texts/sidebar";
import { modeTitleOf, useProducts } from "../modes/products-queries";
import { modesTexts } from "../../ui/texts/modes";
import { useSidebar } from "./sidebar-state";

const t = sidebarTexts.filter;

const loadSelect = () => import("./TypeFilterSelect").then((m) => m.TypeFilterSelect);

/**
 * The modes' own names for the filter (one name per mode everywhere): the general type holds two
 * modes (the image mode's chats are listed with the general ones), so it says both.
 */
function useTypeLabels(): Record<TopicType, string> {
  const products = useProducts().data;
  const title = (mode: string) => modeTitleOf(products, mode) ?? mode;
  return {
    all: t.all,
    law: title("explain_law"),
    gpt: modesTexts.generalAndImages(title("gpt"), title("explain_img")),
    estate: title("explain_estate"),
  };
}

/**
 * Which chats the list shows (docs/web.md "Sidebar filter"): every mode's by default, or one type's,
 * and only the user changes it. Until first pressed it is the select's trigger as Radix Themes draws
 * it (its classes), without the select's code.
 */
export function TypeFilter() {
  const type = useSidebar((s) => s.typeFilter);
  const setTypeFilter = useSidebar((s) => s.setTypeFilter);
  const labels = useTypeLabels();
  return (
    <div className="sidebar__heading">
      <OpenOnFirstPress
        load={loadSelect}
        popup="listbox"
        props={{ type, labels, onPick: setTypeFilter }}
        trigger={
          <button
            type="button"
            role="combobox"
            aria-expanded={false}
            aria-label={t.label}
            data-testid="topic-type-filter"
            data-accent-color="gray"
            className="rt-reset rt-SelectTrigger rt-r-size-1 rt-variant-ghost"
          >
            <span className="rt-SelectTriggerInner">
              <span>{labels[type]}</span>
            </span>
            <ChevronDownIcon className="rt-SelectIcon" aria-hidden />
          </button>
        }
      />
    </div>
  );
}
