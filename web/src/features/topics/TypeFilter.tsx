import { ChevronDownIcon } from "@radix-ui/themes/components/icons";
import type { TopicType } from "../../../../worker/settings";
import { OpenOnFirstPress } from "../../ui/lazy/OpenOnFirstPress";
import { sidebarTexts } from "../../ui/texts/sidebar";
import { useProducts } from "../modes/products-queries";
import { useSidebar } from "./sidebar-state";

const t = sidebarTexts.filter;

const loadSelect = () => import("./TypeFilterSelect").then((m) => m.TypeFilterSelect);

/**
 * The modes' names as the admin set them, for the filter: the general type holds two modes (the
 * image mode's chats are listed with the general ones), so it says both.
 */
function useTypeLabels(): Record<TopicType, string> {
  const titles = new Map((useProducts().data ?? []).map((p) => [p.assistant_type, p.title]));
  const gpt = titles.get("gpt");
  const img = titles.get("explain_img");
  return {
    all: t.all,
    law: titles.get("explain_law") ?? t.law,
    gpt: gpt && img ? `${gpt} и «${img}»` : t.gpt,
    estate: titles.get("explain_estate") ?? t.estate,
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
