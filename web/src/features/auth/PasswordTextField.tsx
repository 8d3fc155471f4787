import { EyeClosedIcon, EyeOpenIcon } from "@radix-ui/react-icons";
import { IconButton, TextField } from "@radix-ui/themes";
import { useState, type ComponentProps } from "react";

type Props = Omit<ComponentProps<typeof TextField.Root>, "type" | "children"> & {
  /** The show/hide button: its size and its two accessible names. */
  toggle: { size: "1" | "2"; show: string; hide: string };
};

/** A password input with a show/hide toggle inside it (docs/product.md §5), for the sign-in pages and the settings. */
export function PasswordTextField({ toggle, ...rest }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField.Root {...rest} type={visible ? "text" : "password"}>
      <TextField.Slot side="right">
        <IconButton
          type="button"
          size={toggle.size}
          variant="ghost"
          color="gray"
          aria-label={visible ? toggle.hide : toggle.show}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeClosedIcon /> : <EyeOpenIcon />}
        </IconButton>
      </TextField.Slot>
    </TextField.Root>
  );
}
