import { Flex, Separator } from "@radix-ui/themes";
import { useState } from "react";
import { useAuth } from "../../stores/auth";
import { texts } from "../../texts";
import { avatarLetter } from "../header/user-display";
import { AvatarPicker } from "./AvatarPicker";
import { EditableField } from "./EditableField";
import { PasswordField } from "./PasswordField";
import { patchUser, UserApiError, type SelfUser } from "./user-api";

const failureText = (error: unknown) => (error instanceof UserApiError && error.detail) || texts.account.saveFailed;

/**
 * The account's avatar, e-mail, name and password, shared by the settings modal's account tab and
 * the /user page. `user` is the server's view; a failed save leaves the field at it.
 */
export function AccountFields({ user: loaded }: { user: SelfUser }) {
  const [user, setUser] = useState(loaded);
  const updateUser = useAuth((s) => s.updateUser);
  const setTokens = useAuth((s) => s.setTokens);

  const save = (field: "email" | "name") => async (next: string) => {
    if (next === (user[field] ?? "")) return null;
    try {
      const { user: updated } = await patchUser(field === "email" ? { email: next } : { name: next });
      setUser(updated);
      updateUser(updated);
      return null;
    } catch (error) {
      return failureText(error);
    }
  };

  const savePassword = async (password: string) => {
    try {
      const { accessToken } = await patchUser({ password });
      if (accessToken) setTokens({ access_token: accessToken });
      return true;
    } catch {
      return false;
    }
  };

  return (
    <Flex direction="column" gap="4">
      <AvatarPicker letter={avatarLetter(user)} />
      <Separator size="4" />
      <EditableField label={texts.account.email} type="email" autoComplete="email" value={user.email} onSave={save("email")} />
      <EditableField label={texts.account.name} type="text" autoComplete="name" value={user.name} onSave={save("name")} />
      <PasswordField onSave={savePassword} />
    </Flex>
  );
}
