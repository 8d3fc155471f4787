import { accountTexts } from "../../ui/texts/account";
import { PasswordTextField } from "../auth/PasswordTextField";

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
};

const toggle = { size: "1", show: accountTexts.showPassword, hide: accountTexts.hidePassword } as const;

/** A new-password input of the settings: its label is its placeholder and its accessible name. */
export function PasswordInput({ label, value, onChange, disabled, autoFocus }: Props) {
  return (
    <PasswordTextField
      autoComplete="new-password"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      autoFocus={autoFocus}
      toggle={toggle}
    />
  );
}
