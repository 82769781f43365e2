import type { EntitiesTranslate } from "./entities";

/**
 * A document type's name in the language `t` translates to (the entities namespace's `t`). The
 * type stays the English name on the wire; English shows it as it is, a type no catalog knows
 * shows as sent.
 */
export function documentTypeLabel(t: EntitiesTranslate, type: string): string {
  return t(`documents.types.${type}`, { defaultValue: type });
}

/** Several document types' names as one list: "Commercial invoice, Packing list". */
export function documentTypeList(t: EntitiesTranslate, types: readonly string[]): string {
  return types.map((type) => documentTypeLabel(t, type)).join(t("documents.separator"));
}
