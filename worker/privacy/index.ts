// The privacy guard (docs/privacy.md): find personal data, mask it with per-topic placeholders
// before the model sees it, and put the values back into the reply.

export { detect } from "./detect";
export { fileNameForGuard, maskFileName, maskKnown, maskTopicName } from "./known";
export { type Found, PLACEHOLDER_LABELS, PRIVATE_KINDS, type PrivateKind } from "./kinds";
export { openVault, sealVault, VaultSealError } from "./seal";
export { StreamUnmasker, unmaskingStream } from "./stream-unmask";
export { countFound, maskedSummary } from "./summary";
export { restoreTyped, withTyped } from "./typed";
export { emptyVault, itemKey, type MaskedCount, maskText, unmaskText, type Vault, type VaultEntry } from "./vault";
