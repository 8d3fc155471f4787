import { Select } from "@radix-ui/themes";
import { TOPIC_TYPES, type TopicType } from "../../../../worker/settings";
import { sidebarTexts } from "../../ui/texts/sidebar";
import { topicTypeOf, useMode } from "../modes/mode-store";
import { useProducts } from "../modes/products-queries";
import { useSidebar } from "./sidebar-state";

const t = sidebarTexts.filter;

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

/** Which chats the list shows (docs/web.md "Sidebar filter"): every mode's, or one type's; the picked mode's by default. */
export function TypeFilter() {
  const picked = topicTypeOf(useMode((s) => s.mode));
  const type = useSidebar((s) => s.typeFilter) ?? picked;
  const setTypeFilter = useSidebar((s) => s.setTypeFilter);
  const labels = useTypeLabels();
  return (
    <div className="sidebar__heading">
      <Select.Root size="1" value={type} onValueChange={(value) => setTypeFilter(value === picked ? null : (value as TopicType))}>
        <Select.Trigger variant="ghost" color="gray" aria-label={t.label} data-testid="topic-type-filter" />
        <Select.Content position="popper">
          {TOPIC_TYPES.map((value) => (
            <Select.Item key={value} value={value}>
              {labels[value]}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </div>
  );
}
