import { Select } from "@radix-ui/themes";

/**
 * A choice on /company in the app's own control (Radix Select), not the browser's plain select,
 * which looks out of place and speaks the browser's language (issue 29).
 */
export function CompanySelect({
  label,
  value,
  options,
  placeholder,
  onChange,
  size = "2",
}: {
  label: string;
  /** "" while nothing is chosen: the placeholder shows. */
  value: string;
  options: { value: string; label: string }[];
  placeholder?: string;
  onChange: (value: string) => void;
  size?: "1" | "2";
}) {
  return (
    <Select.Root value={value || undefined} onValueChange={onChange} size={size}>
      <Select.Trigger aria-label={label} placeholder={placeholder} />
      <Select.Content position="popper">
        {options.map((option) => (
          <Select.Item key={option.value} value={option.value}>
            {option.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
