import { EyeClosedIcon, EyeOpenIcon } from "@radix-ui/react-icons";
import { IconButton, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { texts } from "../../texts";

type Props = { label: string; value: string; onChange: (value: string) => void; disabled?: boolean; autoFocus?: boolean };

/** A new-password input with its own show/hide toggle (SPEC.md §5). */
export function PasswordInput({ label, value, onChange, disabled, autoFocus }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField.Root
      type={visible ? "text" : "password"}
      autoComplete="new-password"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      autoFocus={autoFocus}
    >
      <TextField.Slot side="right">
        <IconButton
          type="button"
          size="1"
          variant="ghost"
          color="gray"
          aria-label={visible ? texts.account.hidePassword : texts.account.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeClosedIcon /> : <EyeOpenIcon />}
        </IconButton>
      </TextField.Slot>
    </TextField.Root>
  );
}
