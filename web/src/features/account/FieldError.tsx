import { Text } from "@radix-ui/themes";

/** The error text under an input, omitted when it is empty after trimming (docs/product.md §5). */
export function FieldError({ id, text }: { id?: string; text: string | null | undefined }) {
  if (!text?.trim()) return null;
  return (
    <Text as="p" id={id} size="1" color="red" role="alert" mt="1">
      {text}
    </Text>
  );
}
