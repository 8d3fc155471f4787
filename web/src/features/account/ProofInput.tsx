import { Box, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { accountTexts } from "../../ui/texts/account";
import { PasswordTextField } from "../auth/PasswordTextField";
import { requestCode, UserApiError, type OwnerProof } from "./user-api";

type Props = {
  /** The account has a password: it is asked for. Without one, a code by e-mail (if there is an e-mail). */
  hasPassword: boolean;
  hasEmail: boolean;
  onChange: (proof: OwnerProof) => void;
  disabled?: boolean;
};

const toggle = { size: "1", show: accountTexts.showPassword, hide: accountTexts.hidePassword } as const;

/**
 * What a password or e-mail change needs to prove the owner is at the keyboard: the current
 * password, or for an account without one a code sent by e-mail («Получить код»). Starts empty each
 * time the edit form opens.
 */
export function ProofInput({ hasPassword, hasEmail, onChange, disabled }: Props) {
  const [value, setValue] = useState("");
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => onChange({}), [onChange]);

  const update = (next: string) => {
    setValue(next);
    onChange(next === "" ? {} : hasPassword ? { current_password: next } : { code: next.trim() });
  };
  const sendCode = async () => {
    setSending(true);
    setMessage(null);
    try {
      await requestCode();
      setMessage({ text: accountTexts.codeSent, error: false });
    } catch (error) {
      setMessage({ text: (error instanceof UserApiError && error.detail) || accountTexts.codeFailed, error: true });
    } finally {
      setSending(false);
    }
  };

  if (hasPassword)
    return (
      <PasswordTextField
        autoComplete="current-password"
        aria-label={accountTexts.currentPassword}
        placeholder={accountTexts.currentPassword}
        value={value}
        onChange={(e) => update(e.target.value)}
        disabled={disabled}
        toggle={toggle}
      />
    );
  if (!hasEmail)
    return (
      <Text as="p" size="1" color="gray">
        {accountTexts.freshSignIn}
      </Text>
    );
  return (
    <Box>
      <Flex gap="2" align="center">
        <Box flexGrow="1">
          <TextField.Root
            aria-label={accountTexts.code}
            placeholder={accountTexts.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={value}
            onChange={(e) => update(e.target.value)}
            disabled={disabled}
          />
        </Box>
        <Button type="button" variant="soft" onClick={sendCode} loading={sending} disabled={disabled}>
          {accountTexts.getCode}
        </Button>
      </Flex>
      {message && (
        <Text as="p" size="1" color={message.error ? "red" : "gray"} role={message.error ? "alert" : "status"} mt="1">
          {message.text}
        </Text>
      )}
    </Box>
  );
}
