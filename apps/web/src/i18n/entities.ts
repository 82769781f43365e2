import entities from "../locales/en/entities.json";
import { namespace } from "./i18n";

/** Texts of the shared order, document and agent components. */
export const useEntitiesT = namespace("entities", entities);

/**
 * A translate function over the entities namespace, for the entities' pure helpers: a screen's
 * `t` from `useEntitiesT` (cast: its keys are typed), or `i18n.t` with `ns: "entities"`.
 */
export type EntitiesTranslate = (key: string, options?: Record<string, unknown>) => string;

/** The entities' `t` with its keys untyped, for the helpers that build keys from codes. */
export function useEntitiesTranslate(): EntitiesTranslate {
  const { t } = useEntitiesT();
  return t as unknown as EntitiesTranslate;
}
