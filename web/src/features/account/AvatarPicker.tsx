import { ImageIcon } from "@radix-ui/react-icons";
import { Avatar, Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { accountTexts } from "../../ui/texts/account";

/**
 * Picks an image on this device and shows it as the avatar. A preview only: it is never uploaded
 * (docs/product.md §2), so it lives as an object URL for as long as the component does.
 */
export function AvatarPicker({ letter }: { letter: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | undefined) => {
    if (!file?.type.startsWith("image/")) return;
    setPreview(URL.createObjectURL(file));
  };

  return (
    <Flex gap="4" align="center">
      <Avatar size="6" radius="full" src={preview ?? undefined} fallback={letter || "?"} alt={accountTexts.avatar} />
      <Flex direction="column" gap="2" align="start">
        <Button type="button" variant="soft" size="2" onClick={() => input.current?.click()}>
          <ImageIcon />
          {accountTexts.chooseAvatar}
        </Button>
        <Text size="1" color="gray">
          {accountTexts.avatarLocalOnly}
        </Text>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label={accountTexts.chooseAvatar}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </Flex>
    </Flex>
  );
}
