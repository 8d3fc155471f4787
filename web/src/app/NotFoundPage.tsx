import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { notFoundTexts } from "../ui/texts/notFound";
import { titlesTexts } from "../ui/texts/titles";
import { useDocumentTitle } from "../ui/document-title";

export default function NotFound() {
  useDocumentTitle(titlesTexts.notFound);
  return (
    <Flex direction="column" align="center" justify="center" gap="3" style={{ minHeight: "60vh", padding: 24 }}>
      <Heading size="8">404</Heading>
      <Heading size="5">{notFoundTexts.title}</Heading>
      <Text color="gray">{notFoundTexts.body}</Text>
      <Button asChild>
        <Link to="/">{notFoundTexts.home}</Link>
      </Button>
    </Flex>
  );
}
