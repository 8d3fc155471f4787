import { ImageIcon } from "@radix-ui/react-icons";
import { Avatar, Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { texts } from "../../ui/texts";

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
      <Avatar size="6" radius="full" src={preview ?? undefined} fallback={letter || "?"} alt={texts.account.avatar} />
      <Flex direction="column" gap="2" align="start">
        <Button type="button" variant="soft" size="2" onClick={() => input.current?.click()}>
          <ImageIcon />
          {texts.account.chooseAvatar}
        </Button>
        <Text size="1" color="gray">
          {texts.account.avatarLocalOnly}
        </Text>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label={texts.account.chooseAvatar}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </Flex>
    </Flex>
  );
}
