import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import type { AssistantType } from "../modes/mode-store";
import { chatTexts } from "../../ui/texts/chat";

/** An empty new chat: what the picked mode is for, and example questions that fill the text box. */
export function StartScreen({
  mode,
  title,
  onExample,
}: {
  mode: AssistantType;
  title: string;
  onExample: (text: string) => void;
}) {
  const examples = chatTexts.examples[mode] ?? chatTexts.examples.explain_law;
  return (
    <Flex direction="column" align="center" gap="4" className="start-screen" data-testid="chat-start">
      <Text size="2" color="gray" weight="medium" className="start-screen__mode">
        {title}
      </Text>
      <Heading as="h2" size="7" align="center">
        {chatTexts.startTitle}
      </Heading>
      <Text size="3" color="gray" align="center">
        {chatTexts.startHint}
      </Text>
      <Flex
        direction="column"
        gap="2"
        width="100%"
        className="start-screen__examples"
        role="group"
        aria-label={chatTexts.examplesLabel}
      >
        {examples.map((example) => (
          <Button
            key={example}
            type="button"
            variant="surface"
            color="gray"
            size="3"
            className="start-screen__example"
            onClick={() => onExample(example)}
          >
            {example}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
