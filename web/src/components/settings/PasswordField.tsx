import { Pencil1Icon } from "@radix-ui/react-icons";
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { useId, useState, type FormEvent } from "react";
import { texts } from "../../texts";
import { canSavePassword, passwordMask } from "./password-rules";
import { PasswordInput } from "./PasswordInput";

type Props = {
  /** Saves the new password; resolves true when the server took it. */
  onSave: (password: string) => Promise<boolean>;
};

/** The password: a mask of dots when read-only; new password and its repeat when editing. */
export function PasswordField({ onSave }: Props) {
  const labelId = useId();
  const [mask] = useState(() => passwordMask());
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [saving, setSaving] = useState(false);

  const leave = () => {
    setPassword("");
    setRepeat("");
    setEditing(false);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSavePassword(password, repeat)) return;
    setSaving(true);
    const saved = await onSave(password);
    setSaving(false);
    // SPEC.md §8: a failed save is silent, and what was typed stays for another try.
    if (saved) leave();
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Text as="div" id={labelId} size="2" weight="medium" color="gray" mb="1">
        {texts.account.password}
      </Text>
      {editing ? (
        <form onSubmit={save}>
          <Flex direction="column" gap="2">
            <PasswordInput label={texts.account.newPassword} value={password} onChange={setPassword} disabled={saving} autoFocus />
            <PasswordInput label={texts.account.repeatPassword} value={repeat} onChange={setRepeat} disabled={saving} />
            <Flex gap="2">
              <Button type="submit" loading={saving} disabled={!canSavePassword(password, repeat)}>
                {texts.account.save}
              </Button>
              <Button type="button" variant="soft" color="gray" onClick={leave} disabled={saving}>
                {texts.account.cancel}
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
            {texts.account.edit}
          </Button>
        </Flex>
      )}
    </Box>
  );
}
