import { Button, Dialog, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { yourDataTexts } from "../../ui/texts/yourData";
import { useAuth } from "../auth/auth-store";
import { LegalLinks } from "../legal/legal-links";
import { PasswordInput } from "./PasswordInput";

const t = yourDataTexts;

/** Saves a response's body as a file, with the name the server gave it. */
async function download(res: { headers: Headers; blob(): Promise<Blob> }, fallback: string) {
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The account tab's "Ваши данные": take all of it away, or delete the account (docs/legal.md "Your data"). */
export function YourData({ hasPassword }: { hasPassword: boolean }) {
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const exportData = async () => {
    setExporting(true);
    setExportError(null);
    const res = await api.users.self.export.$get().catch(() => null);
    if (res?.ok) await download(res, "yasno-data.zip");
    else setExportError(t.exportFailed);
    setExporting(false);
  };

  const deleteAccount = async () => {
    setDeleting(true);
    setDeleteError(null);
    const res = await api.users.self.$delete({ json: hasPassword ? { password } : {} }).catch(() => null);
    setDeleting(false);
    if (!res?.ok) return setDeleteError(res ? await errorMessage(res, t.deleteFailed) : t.deleteFailed);
    setConfirming(false);
    // Signed out, the access gate takes the browser to the sign-in page.
    useAuth.getState().logout();
  };

  return (
    <Flex direction="column" gap="3" data-testid="your-data">
      <Heading as="h3" size="3">
        {t.title}
      </Heading>
      <Text size="2" color="gray">
        {t.exportHint}
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button variant="soft" loading={exporting} onClick={() => void exportData()}>
          {t.export}
        </Button>
        <Button variant="soft" color="red" onClick={() => setConfirming(true)}>
          {t.delete}
        </Button>
      </Flex>
      {exportError && (
        <Text size="1" color="red" role="alert">
          {exportError}
        </Text>
      )}
      <LegalLinks />
      <Dialog.Root open={confirming} onOpenChange={setConfirming}>
        <Dialog.Content maxWidth="440px">
          <Dialog.Title>{t.confirmTitle}</Dialog.Title>
          <Dialog.Description size="2">{t.confirmText}</Dialog.Description>
          <Flex direction="column" gap="3" mt="3">
            {hasPassword && <PasswordInput label={t.password} value={password} onChange={setPassword} autoFocus />}
            {deleteError && (
              <Text size="2" color="red" role="alert">
                {deleteError}
              </Text>
            )}
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button variant="soft" color="gray">
                  {t.cancel}
                </Button>
              </Dialog.Close>
              <Button
                color="red"
                loading={deleting}
                disabled={hasPassword && !password}
                onClick={() => void deleteAccount()}
              >
                {t.confirm}
              </Button>
            </Flex>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    </Flex>
  );
}
