import { Flex, Text, TextField } from "@radix-ui/themes";
import { useId, type ComponentProps, type ReactNode } from "react";
import { authTexts } from "../../ui/texts/auth";
import { PasswordTextField } from "./PasswordTextField";

/** The error under a field; nothing at all when the text is empty after trimming (docs/product.md §5). */
export function FieldError({ id, text }: { id?: string; text?: string | null }) {
  if (!text?.trim()) return null;
  return (
    <Text id={id} size="1" color="red" role="alert">
      {text}
    </Text>
  );
}

type LabelProps = {
  label: string;
  error?: string | null;
  /** Something beside the label, e.g. the "Забыли пароль?" link. */
  aside?: ReactNode;
  id?: string;
};

type TextInputProps = Omit<ComponentProps<typeof TextField.Root>, "size"> & LabelProps;

/** What the input inside a labelled field gets to be tied to its label and its error. */
type ControlProps = {
  id: string;
  color: "red" | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** A label over an input and the input's error under it, tied together for screen readers. */
function LabelledField({
  label,
  error,
  aside,
  id,
  children,
}: LabelProps & { children: (control: ControlProps) => ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const invalid = Boolean(error?.trim());
  return (
    <Flex direction="column" gap="1">
      <Flex justify="between" align="baseline" gap="2">
        <Text as="label" size="2" weight="medium" htmlFor={inputId}>
          {label}
        </Text>
        {aside}
      </Flex>
      {children({
        id: inputId,
        color: invalid ? "red" : undefined,
        "aria-invalid": invalid || undefined,
        "aria-describedby": invalid ? errorId : undefined,
      })}
      <FieldError id={errorId} text={error} />
    </Flex>
  );
}

/** A labelled text field with its error under it. */
export function TextInput({ label, error, aside, id, children, ...rest }: TextInputProps) {
  return (
    <LabelledField label={label} error={error} aside={aside} id={id}>
      {(control) => (
        <TextField.Root size="3" {...control} {...rest}>
          {children}
        </TextField.Root>
      )}
    </LabelledField>
  );
}

/** The e-mail field of the sign-in forms. */
export function EmailField(props: Omit<TextInputProps, "label" | "type">) {
  return (
    <TextInput
      label={authTexts.email}
      type="email"
      autoComplete="email"
      placeholder={authTexts.emailPlaceholder}
      required
      {...props}
    />
  );
}

const toggle = { size: "2", show: authTexts.showPassword, hide: authTexts.hidePassword } as const;

/** A labelled password field with a show/hide toggle. */
export function PasswordInput({ label, error, aside, id, ...rest }: Omit<TextInputProps, "type" | "children">) {
  return (
    <LabelledField label={label} error={error} aside={aside} id={id}>
      {(control) => <PasswordTextField size="3" {...control} {...rest} toggle={toggle} />}
    </LabelledField>
  );
}
