import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { texts } from "../../texts";
import "./auth.css";

/** The card every sign-in page sits in: the brand, a heading, a line under it, the content. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card size={{ initial: "3", xs: "4" }} className="auth-card">
      <Flex direction="column" gap="5">
        <Flex direction="column" align="center" gap="3">
          <Flex align="center" gap="2">
            <span className="auth-brand-mark" aria-hidden="true">
              Я
            </span>
            <Text size="5" weight="bold">
              {texts.brand}
            </Text>
          </Flex>
          <Flex direction="column" align="center" gap="1">
            <Heading as="h1" size="6" align="center">
              {title}
            </Heading>
            {subtitle && (
              <Text as="p" size="2" color="gray" align="center">
                {subtitle}
              </Text>
            )}
          </Flex>
        </Flex>
        {children}
        {footer && (
          <Flex justify="center" gap="1" wrap="wrap">
            {footer}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

/** A thin rule with a word in the middle, between the external buttons and the form. */
export function Divider({ children }: { children: ReactNode }) {
  return (
    <Text as="div" size="1" className="auth-divider">
      {children}
    </Text>
  );
}
