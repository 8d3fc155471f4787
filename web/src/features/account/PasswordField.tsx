import { Pencil1Icon } from "@radix-ui/react-icons";
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { FieldError } from "./FieldError";
import { accountTexts } from "../../ui/texts/account";
import { canSavePassword, passwordMask } from "./password-rules";
import { PasswordInput } from "./PasswordInput";

type Props = {
  /** Saves the new password: true when the server took it, else the text to show (null: fail silently). */
  onSave: (password: string) => Promise<true | string | null>;
  /** More inputs of the edit form (the proof a password change needs). */
  extra?: ReactNode;
};

/** The password: a mask of dots when read-only; new password and its repeat when editing. */
export function PasswordField({ onSave, extra }: Props) {
  const labelId = useId();
  const [mask] = useState(() => passwordMask());
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const leave = () => {
    setPassword("");
    setRepeat("");
    setError(null);
    setEditing(false);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSavePassword(password, repeat)) return;
    setSaving(true);
    setError(null);
    const saved = await onSave(password);
    setSaving(false);
    // docs/product.md §8: a failed save is silent, and what was typed stays for another try; only a missing
    // or wrong proof of the owner is said, since typing again will not help without it.
    if (saved === true) leave();
    else setError(saved);
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Text as="div" id={labelId} size="2" weight="medium" color="gray" mb="1">
        {accountTexts.password}
      </Text>
      {editing ? (
        <form onSubmit={save} noValidate>
          <Flex direction="column" gap="2">
            <PasswordInput
              label={accountTexts.newPassword}
              value={password}
              onChange={setPassword}
              disabled={saving}
              autoFocus
            />
            <PasswordInput label={accountTexts.repeatPassword} value={repeat} onChange={setRepeat} disabled={saving} />
            {extra}
            <FieldError text={error} />
            <Flex gap="2">
              <Button type="submit" loading={saving} disabled={!canSavePassword(password, repeat)}>
                {accountTexts.save}
              </Button>
              <Button type="button" variant="soft" color="gray" onClick={leave} disabled={saving}>
                {accountTexts.cancel}
              </Button>
            </Flex>
          </Flex>
        </form>
      ) : (
        <Flex gap="3" align="center" justify="between" minHeight="32px">
          <Text size="3" aria-hidden style={{ letterSpacing: "0.1em" }} data-testid="password-mask">
            {mask}
          </Text>
          <Button variant="ghost" size="2" onClick={() => setEditing(true)} style={{ flexShrink: 0 }}>
            <Pencil1Icon />
            {accountTexts.edit}
          </Button>
        </Flex>
      )}
    </Box>
  );
}
