import { Flex, Separator } from "@radix-ui/themes";
import { useCallback, useRef, useState } from "react";
import { useAuth } from "../auth/auth-store";
import { accountTexts } from "../../ui/texts/account";
import { avatarLetter } from "../../app/header/user-display";
import { AvatarPicker } from "./AvatarPicker";
import { EditableField } from "./EditableField";
import { PasswordField } from "./PasswordField";
import { ProofInput } from "./ProofInput";
import { patchUser, UserApiError, type OwnerProof, type SelfUser } from "./user-api";

const failureText = (error: unknown) => (error instanceof UserApiError && error.detail) || accountTexts.saveFailed;

/** A refusal about the owner's proof (missing, wrong, too many tries): worth saying even where failures are silent. */
const proofFailure = (error: unknown) =>
  error instanceof UserApiError &&
  (error.status === 403 || error.status === 429 || error.fields.some((f) => f === "current_password" || f === "code"))
    ? failureText(error)
    : null;

/** The proof typed in one edit form, read when it is saved (the form's ProofInput keeps it current). */
function useProof() {
  const proof = useRef<OwnerProof>({});
  const onChange = useCallback((next: OwnerProof) => {
    proof.current = next;
  }, []);
  return { proof, onChange };
}

/**
 * The account's avatar, e-mail, name and password, shared by the settings modal's account tab and
 * the /user page. `user` is the server's view; a failed save leaves the field at it. Changing the
 * password or the e-mail asks for the owner's proof (docs/accounts.md, "Account changes"), and a
 * new e-mail only takes effect once the link mailed to it is opened.
 */
export function AccountFields({ user: loaded }: { user: SelfUser }) {
  const [user, setUser] = useState(loaded);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const updateUser = useAuth((s) => s.updateUser);
  const setTokens = useAuth((s) => s.setTokens);
  const emailProof = useProof();
  const passwordProof = useProof();

  const apply = (updated: SelfUser) => {
    setUser(updated);
    updateUser({ email: updated.email, name: updated.name });
  };

  const saveName = async (next: string) => {
    if (next === (user.name ?? "")) return null;
    try {
      apply((await patchUser({ name: next })).user);
      return null;
    } catch (error) {
      return failureText(error);
    }
  };

  const saveEmail = async (next: string) => {
    if (next.trim().toLowerCase() === (user.email ?? "")) return null;
    try {
      const { user: updated, pendingEmail } = await patchUser({ email: next }, emailProof.proof.current);
      apply(updated);
      setPendingEmail(pendingEmail);
      return null;
    } catch (error) {
      return failureText(error);
    }
  };

  const savePassword = async (password: string) => {
    try {
      const { user: updated, accessToken } = await patchUser({ password }, passwordProof.proof.current);
      if (accessToken) setTokens({ access_token: accessToken });
      setUser(updated);
      return true as const;
    } catch (error) {
      return proofFailure(error);
    }
  };

  const proof = (p: ReturnType<typeof useProof>) => (
    <ProofInput hasPassword={user.hasPassword} hasEmail={user.email !== null} onChange={p.onChange} />
  );

  return (
    <Flex direction="column" gap="4">
      <AvatarPicker letter={avatarLetter(user)} />
      <Separator size="4" />
      <EditableField
        label={accountTexts.email}
        type="email"
        autoComplete="email"
        value={user.email}
        onSave={saveEmail}
        extra={proof(emailProof)}
        notice={pendingEmail && accountTexts.emailPending(pendingEmail)}
      />
      <EditableField label={accountTexts.name} type="text" autoComplete="name" value={user.name} onSave={saveName} />
      <PasswordField onSave={savePassword} extra={proof(passwordProof)} />
    </Flex>
  );
}
