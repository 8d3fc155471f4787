import { Select } from "@radix-ui/themes";
import { TOPIC_TYPES, type TopicType } from "../../../../worker/settings";
import { sidebarTexts } from "../../ui/texts/sidebar";

export type TypeFilterSelectProps = {
  type: TopicType;
  labels: Record<TopicType, string>;
  onPick: (type: TopicType) => void;
  defaultOpen: boolean;
};

/**
 * The filter's Radix select, loaded when first pressed (features/topics/TypeFilter.tsx draws its trigger until then).
 */
export function TypeFilterSelect({ type, labels, onPick, defaultOpen }: TypeFilterSelectProps) {
  return (
    <Select.Root size="1" value={type} defaultOpen={defaultOpen} onValueChange={(value) => onPick(value as TopicType)}>
      <Select.Trigger
        variant="ghost"
        color="gray"
        aria-label={sidebarTexts.filter.label}
        data-testid="topic-type-filter"
      />
      <Select.Content position="popper">
        {TOPIC_TYPES.map((value) => (
          <Select.Item key={value} value={value}>
            {labels[value]}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
