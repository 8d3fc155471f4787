import { Button, Flex, Link } from "@radix-ui/themes";
import type { ComponentType, ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { AuthCard } from "./AuthCard";

type Way = { to: string; label: string };

/**
 * A sign-in page that only tells what happened: an icon in a tinted circle, the text, a button to
 * the next step and a link back.
 */
export function OutcomeCard({
  title,
  icon: Icon,
  tone,
  next,
  back,
  children,
}: {
  title: string;
  icon: ComponentType<{ width: number; height: number }>;
  /** The Radix colour of the circle. */
  tone: "accent" | "amber";
  next: Way;
  back: Way;
  children: ReactNode;
}) {
  return (
    <AuthCard title={title}>
      <Flex direction="column" align="center" gap="4">
        <Flex
          align="center"
          justify="center"
          style={{
            width: 56,
            height: 56,
            borderRadius: "50%",
            background: `var(--${tone}-a3)`,
            color: `var(--${tone}-11)`,
          }}
        >
          <Icon width={24} height={24} />
        </Flex>
        {children}
        <Button asChild size="3" style={{ width: "100%" }}>
          <RouterLink to={next.to}>{next.label}</RouterLink>
        </Button>
        <Link asChild size="2">
          <RouterLink to={back.to}>{back.label}</RouterLink>
        </Link>
      </Flex>
    </AuthCard>
  );
}
