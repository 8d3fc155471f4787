import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router-dom";
import { texts } from "../ui/texts";
import { useDocumentTitle } from "../ui/document-title";

export default function NotFound() {
  useDocumentTitle(texts.titles.notFound);
  return (
    <Flex direction="column" align="center" justify="center" gap="3" style={{ minHeight: "60vh", padding: 24 }}>
      <Heading size="8">404</Heading>
      <Heading size="5">{texts.notFound.title}</Heading>
      <Text color="gray">{texts.notFound.body}</Text>
      <Button asChild>
        <Link to="/">{texts.notFound.home}</Link>
      </Button>
    </Flex>
  );
}
