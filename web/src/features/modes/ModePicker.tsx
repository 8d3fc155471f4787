import { CheckCircledIcon } from "@radix-ui/react-icons";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useNavigate } from "react-router";
import { ASSISTANT_TYPES, useMode, type AssistantType } from "./mode-store";
import { modesTexts } from "../../ui/texts/modes";
import { DotsLoader } from "../../ui/DotsLoader";
import { pickedState } from "./landing";
import { ModeIcon } from "./ModeIcon";
import { type Product, useProducts } from "./products-queries";
import "./modes.css";

const isAssistantType = (value: string): value is AssistantType => ASSISTANT_TYPES.includes(value as AssistantType);
/** A mode this app knows (an SPA older than its Worker shows no card for a newer one). */
const isModeProduct = (product: Product): product is Product & { assistant_type: AssistantType } =>
  isAssistantType(product.assistant_type);

/**
 * Main's mode cards, from `GET /products/`: the picked mode is highlighted; choosing one keeps it
 * (local storage) and starts a new chat in it.
 */
export function ModePicker() {
  const products = useProducts();
  const mode = useMode((s) => s.mode);
  const setMode = useMode((s) => s.setMode);
  const navigate = useNavigate();

  const choose = (assistantType: AssistantType) => {
    setMode(assistantType);
    navigate("/chat", { state: pickedState });
  };

  const modes = (products.data ?? []).filter(isModeProduct);

  return (
    <Flex direction="column" align="center" gap="5" className="mode-picker" data-testid="mode-picker">
      <Flex direction="column" align="center" gap="2" className="mode-picker__intro">
        <Heading as="h2" size={{ initial: "6", sm: "7" }} align="center">
          {modesTexts.title}
        </Heading>
        <Text as="p" size="3" color="gray" align="center">
          {modesTexts.subtitle}
        </Text>
      </Flex>

      {products.isError ? (
        <Flex direction="column" align="center" gap="3">
          <Text color="red" role="alert">
            {products.error.message}
          </Text>
          <Button variant="soft" onClick={() => void products.refetch()}>
            {modesTexts.retry}
          </Button>
        </Flex>
      ) : modes.length === 0 ? (
        <DotsLoader />
      ) : (
        <ul className="mode-picker__grid" aria-label={modesTexts.title}>
          {modes.map((product) => {
            const type = product.assistant_type;
            const picked = type === mode;
            return (
              <li key={type}>
                <button
                  type="button"
                  className="mode-card"
                  data-picked={picked || undefined}
                  aria-pressed={picked}
                  data-testid={`mode-card-${type}`}
                  onClick={() => choose(type)}
                >
                  <span className="mode-card__icon" aria-hidden="true">
                    <ModeIcon mode={type} />
                  </span>
                  <span className="mode-card__body">
                    <Flex as="span" align="center" justify="between" gap="2">
                      <Text as="span" size="4" weight="bold">
                        {product.title}
                      </Text>
                      {picked && (
                        <Text as="span" size="1" color="indigo" className="mode-card__picked">
                          <CheckCircledIcon /> {modesTexts.picked}
                        </Text>
                      )}
                    </Flex>
                    <Text as="span" size="2" color="gray">
                      {product.description}
                    </Text>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Flex>
  );
}
