import { Button, Flex, Grid, Text } from "@radix-ui/themes";
import type { ComponentType } from "react";
import { authTexts } from "../../ui/texts/auth";
import { Divider } from "./AuthCard";
import { AuthNoticeCallout } from "./AuthNotice";
import { oauthStartUrl, telegramLoginUrl, type OAuthProvider } from "./external-sign-in";
import { GoogleIcon, TelegramIcon, VkIcon, YandexIcon } from "./ProviderIcons";
import { useSignInProviders } from "./use-sign-in-providers";

const ICONS: Record<OAuthProvider | "telegram", ComponentType<{ className?: string }>> = {
  telegram: TelegramIcon,
  vk: VkIcon,
  google: GoogleIcon,
  yandex: YandexIcon,
};

/**
 * Sign-in through Telegram, VK, Google or Yandex. Each is a plain navigation: the browser comes
 * back with tokens (or an error) in the URL, which the access gate reads. `next` is where to land.
 * Only the providers the Worker has secrets for show, and none until it has said which.
 */
export function ExternalSignIn({
  next,
  divider,
}: {
  next?: string | null;
  divider: { text: string; side: "before" | "after" };
}) {
  const configured = useSignInProviders();
  if (!configured) return <AuthNoticeCallout />;

  const botId = configured.telegram_bot_id;
  const links: { key: OAuthProvider | "telegram"; label: string; href: string }[] = [];
  if (botId) {
    const origin = window.location.origin;
    // Back to the page the user was headed for: the gate reads the hash there and signs them in.
    links.push({
      key: "telegram",
      label: authTexts.external.telegram,
      href: telegramLoginUrl(botId, origin, origin + (next ?? window.location.pathname)),
    });
  }
  for (const provider of configured.providers)
    links.push({ key: provider, label: authTexts.external[provider], href: oauthStartUrl(provider, next) });

  if (links.length === 0) return <AuthNoticeCallout />;
  const rule = <Divider>{divider.text}</Divider>;
  return (
    <>
      {divider.side === "before" && rule}
      <Flex direction="column" gap="3">
        <Text as="div" size="2" color="gray" align="center">
          {authTexts.external.label}
        </Text>
        <Grid columns="2" gap="2">
          {links.map(({ key, label, href }, index) => {
            const Icon = ICONS[key];
            // An odd last button takes the whole row rather than leaving a hole.
            const wide = links.length % 2 === 1 && index === links.length - 1;
            return (
              <Button
                key={key}
                asChild
                size="3"
                variant="surface"
                color="gray"
                highContrast
                style={wide ? { gridColumn: "span 2" } : undefined}
              >
                <a href={href} data-provider={key}>
                  <Icon className="auth-provider-icon" />
                  {label}
                </a>
              </Button>
            );
          })}
        </Grid>
        <AuthNoticeCallout />
      </Flex>
      {divider.side === "after" && rule}
    </>
  );
}
