import { Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { commonTexts } from "../../ui/texts/common";
import "./auth.css";

/**
 * The line under a sign-in form that leads to another sign-in page: a question and a link.
 * `from` is where the user was headed, kept for the page the link opens.
 */
type Footer = { question: string; link: string; to: string; from?: string | null };

/** The card every sign-in page sits in: the brand, a heading, a line under it, the content. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: Footer;
}) {
  return (
    <Card size={{ initial: "3", xs: "4" }} className="auth-card">
      <Flex direction="column" gap="5">
        <Flex direction="column" align="center" gap="3">
          <Flex align="center" gap="2">
            <span className="auth-brand-mark" aria-hidden="true">
              Я
            </span>
            <Text size="5" weight="bold">
              {commonTexts.brand}
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
            <Text size="2" color="gray">
              {footer.question}
            </Text>
            <Link asChild size="2" weight="medium">
              <RouterLink to={footer.to} state={footer.from ? { from: footer.from } : undefined}>
                {footer.link}
              </RouterLink>
            </Link>
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
